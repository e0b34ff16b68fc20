import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <>
      <title>Page not found · Admin | Meritum</title>
      <h1 className="text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-2 text-slate-600">There is no admin page at this address.</p>
    </>
  );
}
