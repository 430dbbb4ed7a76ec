/* units.h - values with units, read exactly as SimGrid 3.32 reads them in
 * platform files, so that a value is refused here when SimGrid would
 * refuse it, and accepted when SimGrid would accept it.
 *
 * SimGrid takes strtod's longest number (leading blanks, a sign, hex and
 * "inf" included) and then the rest of the string as the unit, which
 * must be one of its table, case and all (measured on 3.32 and read in
 * its xbt_parse_units):
 *   bandwidth  Bps or bps (bits), with k M G T P E Z Y (powers of 1000)
 *              or Ki Mi Gi Ti Pi Ei Zi Yi (powers of 1024): 10GBps,
 *              100Gbps, 1KiBps; not KBps, not gbps, no blank before it
 *   time       w d h m s ms us ns ps (m is a minute)
 *   speed      f with k M G T P E Z Y (1Gf), or flops with kilo mega giga
 *              tera peta exa zeta yotta (1gigaflops)
 * A value without a unit is read in Bps, s or f; SimGrid accepts it with
 * a deprecation warning (none for 0), which shmemsim passes on. */
#ifndef SS_UNITS_H
#define SS_UNITS_H

typedef enum { SS_UNIT_BANDWIDTH, SS_UNIT_TIME, SS_UNIT_SPEED } ss_unit_kind_t;

typedef enum {
    SS_VALUE_OK,
    SS_VALUE_UNITLESS,      /* accepted by SimGrid with a warning */
    SS_VALUE_NOT_NUMBER,    /* no number at the start */
    SS_VALUE_RANGE,         /* strtod over- or underflowed */
    SS_VALUE_UNKNOWN_UNIT,  /* *unit points at the unit text */
    SS_VALUE_NOT_FINITE     /* inf or nan: SimGrid aborts on those */
} ss_value_status_t;

/* Reads s as SimGrid would; *value is in B/s, s or flop/s. */
ss_value_status_t ss_unit_parse(ss_unit_kind_t kind, const char *s,
                                double *value, const char **unit);

/* The default unit and a few valid examples, for messages. */
const char *ss_unit_default(ss_unit_kind_t kind);
const char *ss_unit_examples(ss_unit_kind_t kind);

#endif
