# syntax=docker/dockerfile:1
# Two stages: build the client with every dependency, then run on a slim image with the
# production dependencies only, as the unprivileged `node` user. See README, "Docker".

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    STORAGE_DIR=/app/storage
WORKDIR /app
COPY --from=build --chown=node:node /app/node_modules ./node_modules
# What the server runs (with tsx) and nothing else: the client is in dist/ (the browser
# bundles and the SSR bundle, which imports only packages); client/ sources stay in the
# build stage. See docs/decisions/0013-typescript-configs-and-runtime-image.md.
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
COPY --chown=node:node server ./server
COPY --chown=node:node shared ./shared
COPY --chown=node:node migrations ./migrations
COPY --chown=node:node public ./public
# public/ must be writable: the app (re)creates the public/storage link at boot.
RUN mkdir -p /app/storage && chown node:node /app/storage /app/public
USER node
VOLUME ["/app/storage"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM from `docker stop` reaches node directly (exec form): graceful shutdown.
CMD ["node", "--import", "tsx", "server/index.ts"]
