import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { areaOfPath, ErrorPage } from "./route-error";

function render(status: number, area: "site" | "admin" | "auth") {
  const router = createMemoryRouter([{ path: "/", element: <ErrorPage status={status} area={area} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("the one error page", () => {
  it("words 403, 404 and 500 for each area", () => {
    const forbidden = render(403, "admin");
    expect(forbidden).toContain("You don&#x27;t have access to this page");
    expect(forbidden).toContain("<title>Access denied · Admin | Meritum</title>");
    expect(forbidden).toContain('href="/admin"');
    expect(forbidden).toContain('action="/logout"');

    const adminMissing = render(404, "admin");
    expect(adminMissing).toContain("There is no admin page at this address.");

    const siteMissing = render(404, "site");
    expect(siteMissing).toContain("<title>Page not found | Meritum</title>");
    expect(siteMissing).toContain("Browse resources");
    expect(siteMissing).not.toContain("/logout");

    const siteError = render(500, "site");
    expect(siteError).toContain("Something went wrong");
    expect(siteError).toContain("call us");

    const authError = render(500, "auth");
    expect(authError).toContain('href="/login"');
    for (const html of [forbidden, adminMissing, siteMissing, siteError, authError])
      expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("tells the area from the path for the root's boundary", () => {
    expect(areaOfPath("/admin")).toBe("admin");
    expect(areaOfPath("/ADMIN/users")).toBe("admin");
    expect(areaOfPath("/admin/reset-password")).toBe("auth");
    expect(areaOfPath("/login")).toBe("auth");
    expect(areaOfPath("/administrator")).toBe("site");
    expect(areaOfPath("/contact")).toBe("site");
  });
});
