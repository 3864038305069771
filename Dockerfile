# The portal as one image (docs/deploy.md, Container image): the built web app and API on
# Node 24 LTS, run as the unprivileged `node` user, with the embedded database and files in /data.
# The same image runs every role: ROLE=all (default), web or worker.

FROM node:24-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so that a change to the code alone reuses this layer.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Only what the API needs at run time: its production dependencies (the contract is in the bundle).
# The lockfile keeps some of them in apps/api/node_modules rather than at the root (ua-parser-js),
# so both folders are copied; the second is made empty where npm put nothing there.
FROM node:24-bookworm-slim AS runtime-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
RUN npm ci --omit=dev --workspace apps/api --include-workspace-root=false --no-audit --no-fund \
  && mkdir -p apps/api/node_modules

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-dependencies /app/node_modules node_modules
COPY --from=runtime-dependencies /app/apps/api/node_modules apps/api/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/live`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/server.js"]
