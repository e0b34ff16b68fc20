/**
 * Invoker commands (HTML: `<button command="show-modal" commandfor="id">`), which @types/react
 * does not list yet. React renders the lowercase attributes as they are (it warns on `commandFor`).
 */
import "react";

declare module "react" {
  // The type parameter must match React's declaration.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
    commandfor?: string;
  }
}
