#!/bin/bash
# The image's HEALTHCHECK: GET /healthz on the port the server listens on (GLM_MOCK_PORT, 4010 unless set),
# with bash's /dev/tcp: no curl in the image, and no Node start-up on every check.
exec 3<>"/dev/tcp/127.0.0.1/${GLM_MOCK_PORT:-4010}" || exit 1
printf 'GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
read -r -t 2 status <&3 || exit 1
[[ "$status" == *" 200 "* ]]
