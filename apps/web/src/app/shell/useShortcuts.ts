import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Spec 2.4/9: the plus menu's entries and their Alt+1/2/3 shortcuts. */
export const QUICK_ACTIONS = [
  { label: 'Add Member', path: '/membership/add-member', keys: 'Alt+1', code: 'Digit1' },
  { label: 'Enquiries', path: '/crm-management/all-enquiries', keys: 'Alt+2', code: 'Digit2' },
  { label: 'Complaints', path: '/crm-management/complaints', keys: 'Alt+3', code: 'Digit3' },
] as const;

/** The shortcuts work anywhere in the app, inputs included (by key code, so Alt+digit works on every layout). */
export function useShortcuts(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const action = QUICK_ACTIONS.find((a) => a.code === event.code || a.keys.endsWith(event.key));
      if (!action) return;
      event.preventDefault();
      navigate(action.path);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [navigate]);
}
