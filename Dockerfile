# One image recipe for all five services; the build argument SERVICE picks which one runs:
#   docker build --build-arg SERVICE=gateway -t zulip-es/gateway .
# docker-compose.yml builds it once per service; the build stages are shared, so the second and
# later services reuse the cached layers.

# --- manifests: just the package.json files, so `npm ci` below is cached until they change ----
# Found rather than listed, so a workspace added to package.json needs no change here (npm ci
# refuses to run when a workspace named in package-lock.json is missing).
FROM node:22-bookworm-slim AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests \
 && cp package.json package-lock.json /manifests/ \
 && find . -mindepth 2 -maxdepth 3 -name package.json -not -path '*/node_modules/*' \
      -exec cp --parents {} /manifests/ \;

# --- build: install, compile, drop dev dependencies ---------------------------------------------
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY libs ./libs
COPY services ./services
# Zulip's emoji names, from their PyPI package (libs/zulip-emoji/build-emoji-names.mjs).
RUN node libs/zulip-emoji/build-emoji-names.mjs \
 && npx tsc -b tsconfig.json \
 && npm prune --omit=dev --no-audit --no-fund
# What the runtime needs, laid out as in the repository: the root node_modules (whose
# @zulip-es/* entries are symlinks to the workspaces), and per built workspace its package.json,
# dist and any node_modules of its own.
RUN mkdir /out \
 && cp -a package.json node_modules /out/ \
 && for ws in libs/* services/*; do \
      [ -d "$ws/dist" ] || continue; \
      mkdir -p "/out/$ws"; \
      cp -a "$ws/package.json" "$ws/dist" "/out/$ws/"; \
      if [ -d "$ws/node_modules" ]; then cp -a "$ws/node_modules" "/out/$ws/"; fi; \
    done \
 && find /out -name '*.tsbuildinfo' -delete

# --- runtime ------------------------------------------------------------------------------------
FROM node:22-bookworm-slim
ENV NODE_ENV=production NODE_OPTIONS="--max-semi-space-size=4 --optimize-for-size" \
    BIND_HOST=0.0.0.0
WORKDIR /app
# Owned by root and only readable by the `node` user the services run as.
COPY --from=build /out/ ./
COPY infra/docker/healthcheck.mjs ./healthcheck.mjs
# Written by the services: the mail outbox (users, without SMTP) and the owner's credentials
# (the create-organization command); named volumes mounted there start with this ownership.
RUN mkdir -p /var/lib/zulip/outbox /credentials \
 && chown node:node /var/lib/zulip/outbox /credentials
ENV EMAIL_OUTBOX_DIR=/var/lib/zulip/outbox
ARG SERVICE
ENV SERVICE=${SERVICE}
RUN if [ -z "$SERVICE" ] || [ ! -f "services/$SERVICE/dist/main.js" ]; then \
      echo "build argument SERVICE must name a service (gateway, users, messages, uploads, push, realtime); got '$SERVICE'" >&2; \
      exit 1; \
    fi
USER node
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=6 CMD ["node", "healthcheck.mjs"]
# exec: node is PID 1 and receives SIGTERM itself; every service shuts down cleanly on it.
CMD ["sh", "-c", "exec node services/$SERVICE/dist/main.js"]
