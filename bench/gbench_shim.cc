// gbench_shim.cc — placeholder.
