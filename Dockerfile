# syntax=docker/dockerfile:1
# Build stage: compile native modules and the app, then drop dev dependencies.
FROM node:22-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# Runtime stage: the build (the server and the operator scripts, run with
# plain node), production dependencies, migrations, the sample project cards'
# media loaded at the first start, and the start command. No TypeScript sources.
FROM node:22-bookworm-slim
# A link's text watermark is drawn with the system's fonts (record 088), and the slim image has none.
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
# glibc's MALLOC_ARENA_MAX=2: sharp's threads each grew an arena they never gave back (record 068).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    PORT=3000 \
    DATA_DIR=/data \
    UPLOADS_DIR=/uploads
WORKDIR /app
COPY --from=build /app/package.json /app/server.js ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/scripts/start.mjs /app/scripts/build-if-stale.mjs ./scripts/
COPY --from=build /app/app/content/sample-projects ./app/content/sample-projects
RUN mkdir -p /data /uploads && chown node:node /data /uploads
USER node
VOLUME ["/data", "/uploads"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "scripts/start.mjs"]
