// The phone field is shared with the security centre: it lives in components.
export { PhoneField, phoneProblem, useCountries, type Phone } from '../../components/PhoneField';
