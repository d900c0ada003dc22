# Sourced by with-postgres.sh and with-redis.sh: free_port prints a TCP port of 127.0.0.1 that
# nothing listens on, below the kernel's ephemeral range. A port inside that range may be any
# client connection's own end at any moment: nothing listens there, so a probe finds it free,
# and the server's bind then fails with "Address already in use" (seen once in CI: PostgreSQL on
# port 51304). Below the range, only a listener can hold a port, and the probe sees listeners.

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  local low=32768 floor=10000 span candidate
  if [ -r /proc/sys/net/ipv4/ip_local_port_range ]; then
    read -r low _ </proc/sys/net/ipv4/ip_local_port_range
  fi
  span=$((low - floor))
  # An odd range that leaves little room below it: anywhere above the registered services.
  if [ "$span" -lt 1000 ]; then floor=20000 span=40000; fi
  for _ in $(seq 1 50); do
    candidate=$((floor + (RANDOM * 32768 + RANDOM) % span))
    if port_free "$candidate"; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}
