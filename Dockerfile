# Wanderer in one image: `docker build -t wanderer .` then
#   docker run -p 3000:3000 -v wanderer-data:/data wanderer
# The build stage compiles the web app and the server; the runtime stage holds only dist/,
# assets/ and production dependencies, and runs as an unprivileged user. The assembly is
# deploy/assemble.sh, which the test suite also runs directly (no Docker needed there).

FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN deploy/assemble.sh /app

FROM node:20-bookworm-slim
# glibc malloc settings that hand freed pixel buffers back (scripts/start.mjs explains them).
ENV NODE_ENV=production \
    MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
RUN groupadd --system wanderer && useradd --system --gid wanderer --home-dir /app wanderer \
 && mkdir -p /data && chown wanderer:wanderer /data && chmod 0700 /data
WORKDIR /app
COPY --from=build --chown=root:root /app ./
USER wanderer
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
