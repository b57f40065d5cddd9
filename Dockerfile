# syntax=docker/dockerfile:1
# The bot as a static binary on a distroless, non-root base. The database
# lives on the /data volume; configure with the variables in README.md.
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN --mount=type=cache,target=/go/pkg/mod go mod download
COPY . .
ARG VERSION=dev
RUN --mount=type=cache,target=/go/pkg/mod --mount=type=cache,target=/root/.cache/go-build \
    CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/mancala ./cmd/mancala
RUN mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/mancala /mancala
# The volume's mount point must belong to the non-root user (uid 65532).
COPY --from=build --chown=65532:65532 /out/data /data
ENV DATABASE_PATH=/data/mancala.db HTTP_ADDR=:8080
VOLUME /data
EXPOSE 8080
USER nonroot:nonroot
ENTRYPOINT ["/mancala"]
CMD ["serve"]
