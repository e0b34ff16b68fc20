import { seo } from "~/lib/seo";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = (args) =>
  seo(args, { title: "Users · Admin", description: "Staff accounts, their roles and their access.", noindex: true });

export default function Page() {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Users</h1>
      <p className="mt-2 text-slate-600">Staff accounts, their roles and their access.</p>
    </>
  );
}
