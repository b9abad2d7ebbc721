import {
  BarChart3, BedDouble, Boxes, CalendarCheck, Dumbbell, FileText, Gift, HeadphonesIcon, LayoutDashboard, LogOut, MessagesSquare,
  Salad, Settings, ShieldCheck, ShoppingBag, UserCog, UserRound, Users, Wallet, Circle, type LucideIcon,
} from 'lucide-react';

/** Icons of the top-level menu entries, by absolute path. */
const ICONS: Record<string, LucideIcon> = {
  '/': LayoutDashboard,
  '/admin': ShieldCheck,
  '/members': Users,
  '/membership': UserRound,
  '/staff-management': UserCog,
  '/income-expense': Wallet,
  '/booking': CalendarCheck,
  '/asset-management': Boxes,
  '/accommodation-management': BedDouble,
  '/diet-management': Salad,
  '/training-workout': Dumbbell,
  '/crm-management': MessagesSquare,
  '/store': ShoppingBag,
  '/end-user-login': UserRound,
  '/accounts': FileText,
  '/reports': BarChart3,
  '/settings': Settings,
  '/refer-and-earn': Gift,
  '/contact-us': HeadphonesIcon,
  '/logout': LogOut,
};

export const iconFor = (path: string): LucideIcon => ICONS[path] ?? Circle;
