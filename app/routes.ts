import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * Every screen of the spec (section 2). Route modules load on demand. /meet-{name} is the
 * `:page` route: its loader accepts only the owner slug from the settings store.
 */
export default [
  // Resource routes (no UI), outside the site layout and ahead of the `:page` and `*` catch-alls.
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("about", "routes/site/about.tsx"),
    route("services", "routes/site/services.tsx"),
    route("services/merchant-accounts", "routes/site/services.merchant-accounts.tsx"),
    route("services/mobile-payments", "routes/site/services.mobile-payments.tsx"),
    route("services/online-gateways", "routes/site/services.online-gateways.tsx"),
    route("industries", "routes/site/industries.tsx"),
    route("industries/:slug", "routes/site/industry.tsx"),
    ...prefix("resources", [
      index("routes/resources/overview.tsx"),
      route("search", "routes/resources/search.tsx"),
      route("blog", "routes/resources/blog.tsx"),
      route("blog/rss.xml", "routes/resources/blog-rss.ts"),
      route("blog/:slug", "routes/resources/blog-post.tsx"),
      route("guides", "routes/resources/guides.tsx"),
      route("guides/:slug", "routes/resources/guide.tsx"),
      route("faq", "routes/resources/faq.tsx"),
    ]),
    route("preview/:section/:id", "routes/resources/article-preview.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("forms/:slug", "routes/site/form.tsx"),
    route("privacy-policy", "routes/site/privacy-policy.tsx"),
    route("terms-of-service", "routes/site/terms-of-service.tsx"),
    route(":page", "routes/site/meet-owner.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  layout("routes/auth/layout.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("admin/password-reset", "routes/auth/password-reset.tsx"),
    route("admin/reset-password", "routes/auth/reset-password.tsx"),
    route("admin/accept-invite", "routes/auth/accept-invite.tsx"),
  ]),
  route("logout", "routes/auth/logout.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("blog-posts", "routes/admin/blog-posts.tsx"),
    route("blog-posts/:id", "routes/admin/blog-post-editor.tsx"),
    route("help-guides", "routes/admin/help-guides.tsx"),
    route("help-guides/:id", "routes/admin/help-guide-editor.tsx"),
    route("faq-items", "routes/admin/faq-items.tsx"),
    route("industries", "routes/admin/industries.tsx"),
    route("media", "routes/admin/media.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("forms", "routes/admin/forms.tsx"),
    route("forms/new", "routes/admin/form-edit.tsx", { id: "admin-form-new" }),
    route("forms/:id", "routes/admin/form-edit.tsx"),
    route("forms/:id/submissions", "routes/admin/form-submissions.tsx"),
    route("forms/:id/submissions/:submissionId", "routes/admin/form-submission.tsx"),
    route("contacts", "routes/admin/contacts.tsx"),
    route("contacts/:id", "routes/admin/contact.tsx"),
    route("integrations", "routes/admin/integrations.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("security", "routes/admin/security.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
