"""The shared rig of the benchmarks: processes, their CPU and memory, profiles, clicks, proxies."""
