#!/bin/sh
# Installs XBoard and a virtual X server, for engine/tests/client_xboard.rs (Debian, as root).
set -e
apt-get update
apt-get install -y xboard xvfb
