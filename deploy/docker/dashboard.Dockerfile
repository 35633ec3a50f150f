# The dashboard's static files for Kubernetes: built with Vite, served by nginx under /app/ with the SPA
# fallback; the ingress routes /app/ here and every other path (and /app/fonts/, the renderer's font files) to the gateway.
# The Node.js of .node-version (one pin for setup, the image and the docs; docs/adr/0039).
ARG NODE_VERSION=26.12.1
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /src
RUN npm install -g pnpm@9.15.9
COPY . .
RUN pnpm install --frozen-lockfile --filter @pressroom/dashboard... && node deploy/scripts/build-dashboard.mjs

# nginx-unprivileged: runs as uid 101 on port 8080, so the pod needs no root and no NET_BIND_SERVICE.
FROM nginxinc/nginx-unprivileged:1.27-alpine
COPY --from=build /src/apps/dashboard/dist /usr/share/nginx/html/app
USER root
RUN printf 'server {\n  listen 8080;\n  root /usr/share/nginx/html;\n  location /app/assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }\n  location /app/ { add_header Cache-Control "no-cache"; try_files $uri /app/index.html; }\n}\n' > /etc/nginx/conf.d/default.conf
USER 101
EXPOSE 8080
