/* A build without MPI (dist.h): one process. Started by mpirun, each of N
 * such processes would explore the whole program and all would write the
 * same directory, so that is refused. */
#include "dist.h"
#include "../util/util.h"
#include <stdlib.h>

bool dist_init(int *argc, char ***argv, char **err) {
    (void)argc, (void)argv;
    const char *n = getenv("OMPI_COMM_WORLD_SIZE");
    if (!n) n = getenv("PMI_SIZE");
    if (n && atoi(n) > 1) {
        *err = util_strdup("started by mpirun, but this symplex was built without MPI (install libopenmpi-dev "
                           "and rebuild: make)");
        return false;
    }
    return true;
}

int dist_rank(void) { return 0; }
int dist_size(void) { return 1; }
bool dist_ready(bool ok) { return ok; }
bool dist_writer_ready(void) { return true; }
void dist_shutdown(void) {}
void dist_attach(struct Engine *e) { (void)e; }
