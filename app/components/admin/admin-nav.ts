import {
  FileText,
  HelpCircle,
  Inbox,
  LayoutDashboard,
  ListChecks,
  Newspaper,
  Shield,
  Users,
  type LucideIcon,
} from "lucide-react";

export interface AdminNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

export const adminNavItems: AdminNavItem[] = [
  { label: "Dashboard", to: "/admin", icon: LayoutDashboard },
  { label: "Contacts", to: "/admin/contacts", icon: Inbox },
  { label: "Blog posts", to: "/admin/blog-posts", icon: Newspaper },
  { label: "Help guides", to: "/admin/help-guides", icon: FileText },
  { label: "FAQ items", to: "/admin/faq-items", icon: HelpCircle },
  { label: "Forms", to: "/admin/forms", icon: ListChecks },
  { label: "Users", to: "/admin/users", icon: Users },
  { label: "Security", to: "/admin/security", icon: Shield },
];
