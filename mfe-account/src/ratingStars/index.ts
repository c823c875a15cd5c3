// Stars to choose (a radio group) and stars shown, for the product review and the visit rating forms.
export { StarPicker } from './StarPicker';
export { Stars } from './Stars';
export { ratingStarsText, starWord } from './ratingStarsText';
