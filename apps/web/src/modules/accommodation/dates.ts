import { addDays, format, parseISO } from 'date-fns';
export { todayIso } from '../../lib/today';

/** `yyyy-MM-dd` plus n days. */
export const plusDays = (iso: string, n: number) => format(addDays(parseISO(iso), n), 'yyyy-MM-dd');
