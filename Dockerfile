# The reference server, `glm-mock serve`, as a container image (docs/guides/containers.md).
#   docker build -t glm-mock .
#   docker run --rm -p 4010:4010 -e GLM_MOCK_TEST_KEY=glm_test_… glm-mock
# Written for Docker 20.10 and later: no syntax line, no COPY --link, no heredocs, no --start-interval.
# BASE_IMAGE: any Debian-based image with Node 20 or later on PATH (and npm for the build stage).
ARG BASE_IMAGE=node:22-bookworm-slim

# Build stage: the CLI bundled into one file from the sources (no node_modules in the image).
FROM ${BASE_IMAGE} AS build
WORKDIR /src
COPY packages/domain/package.json packages/domain/
COPY packages/mock-server/package.json packages/mock-server/
COPY scripts/container/bundle-cli.mjs scripts/container/
COPY scripts/container/build-ca/ scripts/container/build-ca/
RUN node scripts/container/bundle-cli.mjs install
COPY packages/domain/src/ packages/domain/src/
COPY packages/mock-server/src/ packages/mock-server/src/
RUN node scripts/container/bundle-cli.mjs bundle /out/glm-mock.mjs

# The image: Node, the bundled CLI and its health check, a non-root user, /data for a volume.
FROM ${BASE_IMAGE}
RUN useradd --system --uid 10001 --user-group --home-dir /nonexistent --shell /usr/sbin/nologin glm \
  && mkdir /data && chown glm:glm /data
COPY --from=build /out/glm-mock.mjs /app/glm-mock.mjs
COPY scripts/container/healthcheck.sh /app/healthcheck.sh
USER glm
WORKDIR /data
ENV NODE_ENV=production GLM_MOCK_HOST=0.0.0.0 GLM_MOCK_PORT=4010
EXPOSE 4010
# A check a second from the start: healthy about a second after `docker run`.
HEALTHCHECK --interval=1s --timeout=3s --start-period=30s --retries=3 CMD ["/bin/bash", "/app/healthcheck.sh"]
# Node is process 1 and handles SIGTERM itself: `docker stop` closes the server (a --data directory
# flushed) and exits 0.
ENTRYPOINT ["node", "/app/glm-mock.mjs"]
CMD ["serve"]
