/** Number display lives in @pc/contracts (display-format.ts), shared with e-mails and files; the web's features import it from here. */
export {
  EMPTY_CELL,
  changeRatio,
  countOf,
  formatCell,
  formatChange,
  formatCount,
  formatDateTime,
  formatDay,
  formatDayShort,
  formatDecimal,
  formatMoney,
  formatMonth,
  formatPercent,
  isNumericKind,
  parseDisplayNumber,
} from '@pc/contracts';
