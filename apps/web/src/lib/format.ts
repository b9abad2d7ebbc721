import { format, isValid, parseISO } from 'date-fns';

/** Dates as people write them in India: 21 Nov 2026. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'd MMM yyyy') : value;
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'd MMM yyyy, h:mm a') : value;
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
export const formatMoney = (value: number | string): string => inr.format(Number(value));

/** 'asha' → 'Asha'. */
export const capitalise = (value: string): string => (value ? value.charAt(0).toUpperCase() + value.slice(1) : value);
