/** A timestamp with its zone named, or a dash when there is none: the shared formatter, so services read like every other page. */
export { formatDateTime } from '../../../lib/format/number-format';
