// The captcha is shared with the security centre: it lives in components.
export { CaptchaField, type CaptchaAnswer } from '../../components/CaptchaField';
