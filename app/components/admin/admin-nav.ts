import {
  BadgeDollarSign,
  Building2,
  FileText,
  HelpCircle,
  Image,
  Inbox,
  LayoutDashboard,
  ListChecks,
  Newspaper,
  Settings,
  Shield,
  UserLock,
  Users,
  Webhook,
  type LucideIcon,
} from "lucide-react";
import { ADMIN_SECTIONS, type AdminIcon, type AdminSection } from "@common/admin-sections";
import { can, type Role } from "@common/roles";

const icons: Record<AdminIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  contacts: Inbox,
  forms: ListChecks,
  posts: Newspaper,
  guides: FileText,
  faq: HelpCircle,
  industries: Building2,
  media: Image,
  settings: Settings,
  integrations: Webhook,
  privacy: UserLock,
  pricing: BadgeDollarSign,
  users: Users,
  security: Shield,
};

export interface AdminNavItem {
  key: string;
  label: string;
  to: string;
  icon: LucideIcon;
}

/** The navigation for a role: the sections table's entries that role may open. */
export function adminNavFor(role: Role, placement: AdminSection["nav"] = "main"): AdminNavItem[] {
  return (ADMIN_SECTIONS as readonly AdminSection[])
    .filter((section) => section.nav === placement && can({ role }, section.permission))
    .map((section) => ({ key: section.key, label: section.label, to: section.path, icon: icons[section.icon] }));
}
