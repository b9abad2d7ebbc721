export { INCOME_EXPENSE_MODULE as MODULE, MANUAL_ENTRY_SOURCE as SOURCE_TYPE } from '../money/index.js';
