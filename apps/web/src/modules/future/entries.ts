import { entry, type MenuPlacement } from '../../lib/web-module';

/** The menu entries one future module adds (its own top-level entry, its report under Reports). */
export type FutureMenu = MenuPlacement<never>[];

/** A future module's report, under Reports (`order` among the reports). */
export const report = (order: number, label: string, path: string, note?: string): MenuPlacement<never> => ({
  order,
  under: 'reports',
  node: entry(label, path, note ? { note } : {}),
});
