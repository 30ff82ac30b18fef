import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("photography", "routes/photography.tsx"),
  route("photography/feed.xml", "routes/photography.feed.ts"),
  route("photography/albums", "routes/photography.albums.tsx"),
  route("photography/albums/:slug", "routes/photography.albums.$slug.tsx"),
  route("photography/albums/:slug/feed.xml", "routes/photography.albums.$slug.feed.ts"),
  route("photography/admin", "routes/photography.admin.tsx"),
  route("photography/admin/upload", "routes/photography.admin.upload.ts"),
  route("photography/admin/logout", "routes/photography.admin.logout.ts"),
  route("photography/admin/account", "routes/photography.admin.account.tsx"),
  route("sorting", "routes/sorting.tsx"),
  route("foo-bar", "routes/foo-bar.tsx"),
  route("life", "routes/life.tsx"),

  route("api/image", "routes/api.image.ts"),
  route("api/image/random", "routes/api.image.random.ts"),
  route("api/image/batch", "routes/api.image.batch.ts"),
  route("api/image/:id", "routes/api.image.$id.ts"),
  route("api/album", "routes/api.album.ts"),
  route("api/album/:id", "routes/api.album.$id.ts"),
  route("api/album/:id/order", "routes/api.album.$id.order.ts"),
  route("api/auth/login", "routes/api.auth.login.ts"),
  route("api/auth/validate", "routes/api.auth.validate.ts"),
  route("api/auth/logout", "routes/api.auth.logout.ts"),
  route("healthz", "routes/healthz.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
