export { isTaxFormHold, PaymentHoldNote } from './payment-hold-note';
