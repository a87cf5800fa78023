# syntax=docker/dockerfile:1
# One image per JVM module of the lab, built from the repository itself (context = repo root):
#
#   docker build -f docker/jvm.Dockerfile --build-arg MODULE=quote-node -t solventa/ha01-quote-node:dev .
#
# Stage 1 runs the project's own Maven build for MODULE and the modules it depends on
# (`mvn -pl MODULE -am package`) and copies MODULE's runtime dependencies next to its jar; the
# reactor resolves the sibling modules (vocabulary, signals, of-adapter, rating) to the jars it just built.
# Stage 2 is a plain JRE holding /app/app.jar (the module) and /app/lib/*.jar (its runtime
# classpath); compose.yml names the main class: java -cp "/app/app.jar:/app/lib/*" MAIN ARGS.
# Nothing from the host's ~/.m2 or target/ is used, so the image is the same on any machine.
ARG RUNTIME_IMAGE=eclipse-temurin:17-jre

FROM maven:3.9-eclipse-temurin-17 AS build
ARG MODULE
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/root/.m2 \
    test -n "$MODULE" && test -f "$MODULE/pom.xml" \
 && mvn -B -q -pl "$MODULE" -am package dependency:copy-dependencies \
      -DskipTests -Dspotless.check.skip=true \
      -DincludeScope=runtime -DoutputDirectory=target/lib \
 && mkdir -p /out/lib \
 && cp "$MODULE"/target/lib/*.jar /out/lib/ \
 && cp "$MODULE/target/$MODULE"-*.jar /out/app.jar

FROM ${RUNTIME_IMAGE}
ARG MODULE
LABEL org.opencontainers.image.title="ha01-$MODULE" \
      org.opencontainers.image.description="Solventa HA-01 latency lab: $MODULE"
COPY --from=build /out/ /app/
WORKDIR /app
# An unprivileged user; the JVM needs nothing else from the image.
RUN useradd --system --uid 10001 --no-create-home ha01
USER 10001
