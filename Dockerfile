# One image for every role; ROLES picks what a container runs (api, worker, projector).
# Build stage: compile TypeScript with the dev dependencies.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY infra/no-native-msgpackr ./infra/no-native-msgpackr
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production image: compiled code and production dependencies only.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY infra/no-native-msgpackr ./infra/no-native-msgpackr
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY openapi.json ./
USER node
EXPOSE 8080
# The admin CLI in a container: node dist/bin/admin.js <command> (see README, Operations).
CMD ["node", "dist/bin/main.js"]
