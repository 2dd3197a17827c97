/* path_dp_shard.h — the `path-dp` engine's layers in shards (pd_shard_*, declared in
 * its own header), for the harness's MPI count: the harness serves every family,
 * so it reaches the engine through the registry rather than naming its family. */
#ifndef PB_PATH_DP_SHARD_H
#define PB_PATH_DP_SHARD_H

#include "../notouch/path_dp.h"

#endif
