import { clsx } from 'clsx';
import { Check, Moon, Sun } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { DEFAULT_THEME, setTheme, useTheme, type Theme, type ThemeColor } from '../../state/theme';

const SWATCH: Record<ThemeColor, string> = { blue: '#2563eb', green: '#15803d', red: '#dc2626' };

function Row({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="grid gap-3 px-5 py-5 sm:grid-cols-[220px_1fr] sm:gap-6">
      <div>
        <h2 className="text-sm font-semibold">{title}</h2>
        <p className="mt-0.5 text-xs text-muted">{description}</p>
      </div>
      <div>{children}</div>
    </div>
  );
}

function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string; icon?: ReactNode }[];
  onChange: (v: T) => void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex flex-wrap gap-1 rounded-lg border border-line bg-subtle p-1">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          onClick={() => onChange(o.value)}
          className={clsx(
            'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium',
            value === o.value ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
          )}
        >
          {o.icon}
          {o.label}
        </button>
      ))}
    </div>
  );
}

function Colors({ label, value, onChange }: { label: string; value: ThemeColor; onChange: (c: ThemeColor) => void }) {
  return (
    <div role="radiogroup" aria-label={label} className="flex gap-3">
      {(Object.keys(SWATCH) as ThemeColor[]).map((c) => (
        <button
          key={c}
          type="button"
          role="radio"
          aria-checked={value === c}
          aria-label={c.charAt(0).toUpperCase() + c.slice(1)}
          onClick={() => onChange(c)}
          className={clsx(
            'flex h-9 w-9 items-center justify-center rounded-full ring-offset-2 ring-offset-surface',
            value === c && 'ring-2 ring-fg/70',
          )}
          style={{ backgroundColor: SWATCH[c] }}
        >
          {value === c && <Check size={16} className="text-white" aria-hidden />}
        </button>
      ))}
    </div>
  );
}

/** /settings: the theme of spec 3, applied as it changes and kept under appTheme. */
export default function SettingsPage() {
  const theme = useTheme((t) => t);
  const update = (changes: Partial<Theme>) => setTheme(changes);
  return (
    <div className="max-w-3xl">
      <PageHeader title="Settings" description="Appearance of Arena on this device. Changes apply immediately." />
      <Card className="divide-y divide-line">
        <Row title="Theme mode" description="Light or dark appearance.">
          <Segmented
            label="Theme mode"
            value={theme.mode}
            onChange={(mode) => update({ mode })}
            options={[
              { value: 'light', label: 'Light', icon: <Sun size={14} aria-hidden /> },
              { value: 'dark', label: 'Dark', icon: <Moon size={14} aria-hidden /> },
            ]}
          />
        </Row>
        <Row title="Sidebar color" description="Brand mark and the active menu entry.">
          <Colors label="Sidebar color" value={theme.sidebarColor} onChange={(sidebarColor) => update({ sidebarColor })} />
        </Row>
        <Row title="Menu color" description="Buttons, links and highlights.">
          <Colors label="Menu color" value={theme.menuColor} onChange={(menuColor) => update({ menuColor })} />
        </Row>
        <Row title="Font size" description="Text size across the app.">
          <Segmented
            label="Font size"
            value={theme.fontSize}
            onChange={(fontSize) => update({ fontSize })}
            options={[
              { value: 'small', label: 'Small' },
              { value: 'medium', label: 'Medium' },
              { value: 'large', label: 'Large' },
            ]}
          />
        </Row>
        <div className="flex justify-end px-5 py-4">
          <Button variant="secondary" onClick={() => update(DEFAULT_THEME)}>
            Reset to defaults
          </Button>
        </div>
      </Card>
    </div>
  );
}
