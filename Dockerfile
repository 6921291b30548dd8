# syntax=docker/dockerfile:1
# The production image (README "Running on a server (container)", decision 0036): the built web app
# and the server compiled to JavaScript, run by Node as the unprivileged `node` user, with the
# server's production dependencies only. compose.yaml runs it beside PostgreSQL.

ARG NODE_IMAGE=node:24-bookworm-slim

# Build: every dependency (TypeScript, Vite, esbuild), then `npm run build` (web app + server).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-fund --no-audit
COPY . .
RUN npm run build --silent

# The server's production dependencies (native ones included), nothing of the web app or the tools.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @arb/server --no-fund --no-audit \
  && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/app/data \
  BACKUP_DIR=/app/backups
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY apps/server/package.json apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY scripts/healthcheck.mjs scripts/
RUN mkdir -p /app/data /app/backups \
  && chown node:node /app/data /app/backups \
  && chmod 0700 /app/backups
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
