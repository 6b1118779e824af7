# syntax=docker/dockerfile:1
# One image for every replica: API replicas run it with JOB_CONCURRENCY=0, workers with N (deploy/).
# Not built here (no registry is reachable from this machine); see docs/operations.md.

# 1. Everything needed to build the web app and the server.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/web apps/web
COPY apps/server apps/server
RUN npm run build

# 2. The server's production dependencies only.
FROM node:24.21.0-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund --omit=dev --workspace apps/server --workspace packages/contracts \
  && npm cache clean --force

# 3. The runtime: no compilers, no npm cache, not root.
FROM node:24.21.0-bookworm-slim
# exiftool (dates from XMP/IPTC) is a Perl program.
RUN apt-get update \
  && apt-get install -y --no-install-recommends perl=5.36.* \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    DEMO_DATA=false
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY packages/contracts packages/contracts
# The sources stay beside the bundle: its modules find their migrations, pages' assets and the HEIC
# worker where their sources are (apps/server/scripts/build.ts).
COPY apps/server apps/server
COPY --from=build /app/apps/server/dist apps/server/dist
COPY apps/web/locales apps/web/locales
COPY --from=build /app/apps/web/dist apps/web/dist
COPY docs/openapi docs/openapi
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM reaches node itself (no shell in between): it stops gracefully (decision 110).
CMD ["node", "apps/server/dist/server.js"]
