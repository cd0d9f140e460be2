// The formatter lives in contracts/ so the server's store page writes prices exactly as the app does.
export { currencySymbol, formatMoney } from '../../../contracts/shared/money-format';
