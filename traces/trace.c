/* trace.c - writers of event traces: CSV for scripts, Chrome/Perfetto
 * trace-event JSON for looking at a timeline. */
#include "trace.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "summary.h"

static void csv_real(FILE *f, double v)
{
    char buf[40];
    if (isfinite(v)) {
        ss_format_real(v, buf, sizeof buf);
        fputs(buf, f);
    }
}

static void csv_int(FILE *f, int32_t v)
{
    if (v >= 0)
        fprintf(f, "%d", (int)v);
}

void ss_trace_write_csv(FILE *f, const ss_event_t *ev, size_t n)
{
    fputs("call,collective,algorithm,pe,op,api,target,bytes,issue_s,complete_s\n", f);
    for (size_t i = 0; i < n; i++) {
        const ss_event_t *e = &ev[i];
        csv_int(f, e->call);
        fprintf(f, ",%s,%s,%d,%s,%s,", e->collective ? e->collective : "",
                e->algorithm ? e->algorithm : "", (int)e->pe, e->op, e->api);
        csv_int(f, e->target);
        fprintf(f, ",%llu,", (unsigned long long)e->bytes);
        csv_real(f, e->issue_s);
        fputc(',', f);
        csv_real(f, e->complete_s);
        fputc('\n', f);
    }
}

/* ---- JSON ---- */

/* Time in units of 1/1024 us: dyadic, so ts, dur and ts + dur are exact
 * doubles and a slice that ends where the next begins shows so exactly
 * to any JSON reader (1/1024 us is about 1 ps, far below any latency). */
static long long q(double s)
{
    return llround(s * 1e6 * 1024.0);
}

/* k/1024 us in decimal, exactly: 1/1024 = 0.0009765625. */
static void put_us(FILE *f, long long k)
{
    char frac[16];
    long long whole = k / 1024, rest = k % 1024;
    if (!rest) {
        fprintf(f, "%lld", whole);
        return;
    }
    snprintf(frac, sizeof frac, "%010lld", rest * 9765625LL);
    for (size_t l = strlen(frac); l > 0 && frac[l - 1] == '0'; l--)
        frac[l - 1] = '\0';
    fprintf(f, "%lld.%s", whole, frac);
}

typedef struct json_out {
    FILE *f;
    int first;
} json_out_t;

static void sep(json_out_t *o)
{
    fputs(o->first ? "\n" : ",\n", o->f);
    o->first = 0;
}

static void slice(json_out_t *o, const char *name, int pe, long long a,
                  long long b, const ss_event_t *e)
{
    sep(o);
    fprintf(o->f, "{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":1,"
            "\"tid\":%d,\"ts\":", name, e->collective ? e->collective : "pe", pe);
    put_us(o->f, a);
    fputs(",\"dur\":", o->f);
    put_us(o->f, b - a);
    fprintf(o->f, ",\"args\":{\"call\":%d,\"api\":\"%s\"}}", (int)e->call, e->api);
}

static void instant(json_out_t *o, const ss_event_t *e)
{
    char buf[40];
    sep(o);
    fprintf(o->f, "{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"i\",\"s\":\"t\","
            "\"pid\":1,\"tid\":%d,\"ts\":", e->op,
            e->collective ? e->collective : "pe", (int)e->pe);
    put_us(o->f, q(e->issue_s));
    fprintf(o->f, ",\"args\":{\"call\":%d,\"api\":\"%s\",\"target\":%d,"
            "\"bytes\":%llu,\"complete_s\":", (int)e->call, e->api,
            (int)e->target, (unsigned long long)e->bytes);
    if (isfinite(e->complete_s)) {
        ss_format_real(e->complete_s, buf, sizeof buf);
        fputs(buf, o->f);
    } else {
        fputs("null", o->f);
    }
    fputs("}}", o->f);
}

/* One PE's events, in its issue order: calls are cut around the blocking
 * ops inside them, so the track is a sequence of disjoint slices. */
typedef struct track {
    const ss_event_t *call;    /* the open call, or NULL */
    long long at, end;         /* covered up to; the call's end */
    char name[96];
} track_t;

static void close_call(json_out_t *o, track_t *t)
{
    if (t->call && t->end > t->at)
        slice(o, t->name, t->call->pe, t->at, t->end, t->call);
    t->call = NULL;
}

static void pe_track(json_out_t *o, const ss_event_t *ev, const size_t *idx,
                     size_t n)
{
    track_t t = {0};
    for (size_t k = 0; k < n; k++) {
        const ss_event_t *e = &ev[idx[k]];
        int call = !strcmp(e->op, "call");
        if (!isfinite(e->complete_s) && (e->blocking || call))
            continue;   /* cut off by the end of the run */
        long long a = q(e->issue_s);
        if (t.call && a >= t.end)
            close_call(o, &t);
        if (call) {
            close_call(o, &t);
            t.call = e;
            t.at = a;
            t.end = q(e->complete_s);
            snprintf(t.name, sizeof t.name, "%s/%s", e->collective, e->algorithm);
        } else if (e->blocking) {
            if (t.call && a > t.at)
                slice(o, t.name, e->pe, t.at, a, t.call);
            long long b = q(e->complete_s);
            slice(o, e->op, e->pe, a, b, e);
            if (t.call)
                t.at = b;
        } else {
            instant(o, e);
        }
    }
    close_call(o, &t);
}

/* The events of every PE grouped by PE, each group in recording order
 * (the PE's issue order): a counting sort, so idx[start[pe] ..
 * start[pe + 1]) are PE pe's. -1 when out of memory. */
static int group_by_pe(const ss_event_t *ev, size_t n, int maxpe,
                       size_t **idx, size_t **start)
{
    size_t *at;
    *idx = malloc((n ? n : 1) * sizeof **idx);
    *start = calloc((size_t)maxpe + 2, sizeof **start);
    at = calloc((size_t)maxpe + 2, sizeof *at);
    if (!*idx || !*start || !at) {
        free(*idx);
        free(*start);
        free(at);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        (*start)[ev[i].pe + 1]++;
    for (int pe = 0; pe <= maxpe; pe++)
        at[pe + 1] = (*start)[pe + 1] += (*start)[pe];
    for (size_t i = 0; i < n; i++)
        (*idx)[at[ev[i].pe]++] = i;
    free(at);
    return 0;
}

int ss_trace_write_json(FILE *f, const ss_event_t *ev, size_t n,
                        const int *pes, size_t npes)
{
    json_out_t o = {f, 1};
    size_t *idx, *start;
    int maxpe = npes ? pes[npes - 1] : -1;
    for (size_t i = 0; i < n; i++)
        maxpe = ev[i].pe > maxpe ? ev[i].pe : maxpe;
    if (group_by_pe(ev, n, maxpe, &idx, &start))
        return -1;
    fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[", f);
    sep(&o);
    fputs("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"args\":{\"name\":"
          "\"shmemsim\"}}", f);
    for (size_t i = 0; i < npes; i++) {
        sep(&o);
        fprintf(f, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":%d,"
                "\"args\":{\"name\":\"PE %d\"}}", pes[i], pes[i]);
        sep(&o);
        fprintf(f, "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,"
                "\"tid\":%d,\"args\":{\"sort_index\":%d}}", pes[i], pes[i]);
    }
    for (int pe = 0; pe <= maxpe; pe++)
        pe_track(&o, ev, idx + start[pe], start[pe + 1] - start[pe]);
    fputs("\n]}\n", f);
    free(idx);
    free(start);
    return 0;
}
