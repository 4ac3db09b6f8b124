/** What the publishers area offers the others. */
export { publisherRecords } from './publishers.repo';
