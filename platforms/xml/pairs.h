/* pairs.h - a map from an ordered pair of small integers (the ends of a
 * route: zone-level nodes, file_model.h) to an int (the route's index). A
 * Full zone of k hosts has k x k routes: lookups are hashed. */
#ifndef SS_PAIRS_H
#define SS_PAIRS_H

typedef struct ss_pairs ss_pairs_t;

/* An empty map sized for about n pairs. */
ss_pairs_t *ss_pairs_new(int n);
void ss_pairs_free(ss_pairs_t *p);

/* Adds (a, b) -> v unless (a, b) is there: 0 if added, else the value it
 * has (v' >= 0 returned as v' + 1), or -1 when out of memory. */
int ss_pairs_add(ss_pairs_t *p, int a, int b, int v);

/* The value of (a, b), -1 if absent. */
int ss_pairs_get(const ss_pairs_t *p, int a, int b);

#endif
