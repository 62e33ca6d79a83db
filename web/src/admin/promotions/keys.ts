/** promotionsKey is every answer of the section; a change asks again. */
export const promotionsKey = ['admin', 'promotions'];
