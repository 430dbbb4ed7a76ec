/* stream.c - streaming a platform file's elements through libxml2
 * (stream.h). */
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream.h"

#define DOCTYPE "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">"

typedef struct walk {
    const char *path, *buf;
    size_t len;
    char *err;
    size_t errlen;
    xmlParserCtxtPtr ctxt;
    const ss_pxml_calls_t *calls;
    void *user;
    int seen_doctype, seen_root, stopped;
    xmlError first;            /* the first error libxml2 reported */
    int has_first;
    char msg[256];
    char *vals;                /* this element's attribute values */
    size_t vcap;
} walk_t;

static void keep_first(void *arg, xmlErrorPtr e)
{
    walk_t *w = arg;
    if (w->has_first || e->level < XML_ERR_ERROR)
        return;
    w->first = *e;
    snprintf(w->msg, sizeof w->msg, "%s", e->message ? e->message : "unknown error");
    w->msg[strcspn(w->msg, "\n")] = '\0';
    w->has_first = 1;
}

static void quiet(void *ctx, const char *fmt, ...)
{
    (void)ctx;
    (void)fmt;
}

static int fail(walk_t *w, int line, const char *what)
{
    if (line > 0)
        snprintf(w->err, w->errlen, "platform '%s': line %d: %s", w->path, line, what);
    else
        snprintf(w->err, w->errlen, "platform '%s': %s", w->path, what);
    return -1;
}

/* Ends the parse after a check or a call failed (the error is set). */
static void stop(walk_t *w)
{
    w->stopped = 1;
    xmlStopParser(w->ctxt);
}

/* The line the file ends on. */
static int last_line(const walk_t *w)
{
    int n = 1;
    for (const char *p = w->buf; (p = memchr(p, '\n', w->len - (size_t)(p - w->buf))); p++)
        n++;
    return w->len && w->buf[w->len - 1] == '\n' ? n - 1 : n;
}

static int malformed(walk_t *w)
{
    char what[400];
    int code = w->has_first ? w->first.code : -1, line = w->has_first ? w->first.line : 0;
    const char *hint = code == XML_ERR_DOCUMENT_EMPTY ? " (no XML element in it)"
                     : code != XML_ERR_DOCUMENT_END && line >= last_line(w)
                     ? " (the file ends before its elements are closed: is it truncated?)" : "";
    snprintf(what, sizeof what, "not well-formed XML: %s%s",
             w->has_first ? w->msg : "unreadable XML", hint);
    return fail(w, line, what);
}

/* SimGrid 3.32's parser (FleXML) takes exactly a DOCTYPE naming platform
 * with one of two system ids, and no internal subset. */
static void on_doctype(void *arg, const xmlChar *name, const xmlChar *pub, const xmlChar *sys)
{
    walk_t *w = arg;
    const char *id = sys ? (const char *)sys : "";
    const char *at = strstr(w->buf, "<!DOCTYPE");
    const char *close = at ? strchr(at, '>') : NULL;
    const char *bracket = at ? strchr(at, '[') : NULL;
    int ok = name && !strcmp((const char *)name, "platform") && !pub &&
             (!strcmp(id, "https://simgrid.org/simgrid.dtd") ||
              !strcmp(id, "http://simgrid.gforge.inria.fr/simgrid/simgrid.dtd")) &&
             !(bracket && close && bracket < close);
    int line = 1;
    for (const char *p = w->buf; at && (p = memchr(p, '\n', (size_t)(at - p))); p++)
        line++;
    w->seen_doctype = 1;
    if (!ok) {
        fail(w, line, "SimGrid 3.32 accepts only the DOCTYPE line " DOCTYPE
             " (no PUBLIC id, no internal subset)");
        stop(w);
    }
}

static int check_root(walk_t *w, const ss_pxml_elem_t *e)
{
    char what[300];
    const char *v = ss_pxml_attr(e, "version");
    char *end;
    double version = v ? strtod(v, &end) : 0;
    w->seen_root = 1;
    if (!w->seen_doctype)
        return fail(w, e->line, "no DOCTYPE line: SimGrid 3.32 needs " DOCTYPE
                    " before <platform>");
    if (strcmp(e->name, "platform")) {
        snprintf(what, sizeof what, "the root element is <%s>; a SimGrid platform is "
                 "<platform version=\"4.1\"> ... </platform>", e->name);
        return fail(w, e->line, what);
    }
    if (!v || end == v)
        return fail(w, e->line, "<platform> needs version=\"4.1\" (SimGrid 3.32 "
                    "reads platform files of version 4.0 to 4.1)");
    if (version < 4 || version > 4.1 + 1e-9) {
        snprintf(what, sizeof what, "<platform version=\"%s\">: SimGrid 3.32 reads "
                 "versions 4.0 to 4.1%s", v, version < 4 ? "; update the file with "
                 "simgrid_update_xml" : "");
        return fail(w, e->line, what);
    }
    return 0;
}

/* libxml2 gives attribute values as [start, end) without a NUL: they are
 * copied into w->vals. */
static int read_attrs(walk_t *w, int n, const xmlChar **a, ss_pxml_elem_t *e)
{
    size_t used = 0, off[SS_PXML_MAX_ATTRS][2];
    if (n > SS_PXML_MAX_ATTRS)
        return fail(w, e->line, "too many attributes on one element");
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 2; k++) {
            const char *s = (const char *)a[5 * i + (k ? 3 : 0)];
            size_t len = k ? (size_t)(a[5 * i + 4] - a[5 * i + 3]) : strlen(s);
            if (used + len + 1 > w->vcap) {
                char *v = realloc(w->vals, w->vcap = 2 * (used + len + 1));
                if (!v)
                    return fail(w, e->line, "out of memory");
                w->vals = v;
            }
            memcpy(w->vals + used, s, len);
            w->vals[used + len] = '\0';
            off[i][k] = used;
            used += len + 1;
        }
    e->nattr = n;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 2; k++)
            e->attr[i][k] = w->vals + off[i][k];
    return 0;
}

static void on_start(void *arg, const xmlChar *name, const xmlChar *prefix,
                     const xmlChar *uri, int nns, const xmlChar **ns, int nattr,
                     int ndefaulted, const xmlChar **attrs)
{
    walk_t *w = arg;
    ss_pxml_elem_t e = {.name = (const char *)name, .line = xmlSAX2GetLineNumber(w->ctxt)};
    (void)prefix, (void)uri, (void)nns, (void)ns, (void)ndefaulted;
    if (w->stopped || read_attrs(w, nattr, attrs, &e) ||
        (!w->seen_root && check_root(w, &e)) || w->calls->start(w->user, &e))
        stop(w);
}

static void on_end(void *arg, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri)
{
    walk_t *w = arg;
    (void)prefix, (void)uri;
    if (!w->stopped && w->calls->end(w->user, (const char *)name,
                                     xmlSAX2GetLineNumber(w->ctxt)))
        stop(w);
}

static void blank(char *from, const char *to)
{
    for (; from < to; from++)
        if (*from != '\n')
            *from = ' ';
}

/* SimGrid's parser is laxer than libxml2 in ways platform files use: it
 * ignores the XML declaration (so blanks may precede it, and its
 * encoding does not matter) and takes "--" inside comments. Those parts
 * are blanked out, newlines kept so that line numbers stay right. */
static void lax(char *buf)
{
    char *p = buf + strspn(buf, " \t\r\n"), *end;
    if (!strncmp(p, "<?xml", 5) && (end = strstr(p, "?>")))
        blank(p, end + 2);
    for (p = buf; (p = strstr(p, "<!--")) && (end = strstr(p + 4, "-->")); p = end + 3)
        blank(p + 4, end);
}

/* SAX rather than a tree or a reader: nothing is kept but the model, and
 * it is the fastest way through libxml2. */
static int parse(walk_t *w, char *buf, size_t len)
{
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    sax.internalSubset = on_doctype;
    sax.startElementNs = on_start;
    sax.endElementNs = on_end;
    sax.serror = keep_first;
    if (!(w->ctxt = xmlCreateMemoryParserCtxt(buf, (int)len)))
        return fail(w, 0, "libxml2 could not start reading it (out of memory?)");
    /* The DOCTYPE check stops a file with an internal subset before its
     * entities are read: replacing entities is safe. */
    xmlCtxtUseOptions(w->ctxt, XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOENT);
    memcpy(w->ctxt->sax, &sax, sizeof sax);
    w->ctxt->userData = w;
    /* Not UTF-8: bytes are bytes to SimGrid; Latin-1 takes them all. */
    if (!xmlCheckUTF8((const xmlChar *)buf))
        xmlSwitchEncoding(w->ctxt, XML_CHAR_ENCODING_8859_1);
    xmlParseDocument(w->ctxt);
    int wellformed = w->ctxt->wellFormed;
    xmlFreeParserCtxt(w->ctxt);
    if (w->stopped)
        return -1;
    if (!wellformed || w->has_first)
        return malformed(w);
    return w->seen_root ? 0 : fail(w, 0, "has no <platform> element");
}

int ss_pxml_walk(const char *path, char *buf, size_t len,
                 const ss_pxml_calls_t *calls, void *user, char *err, size_t errlen)
{
    walk_t w = {.path = path, .buf = buf, .len = len, .err = err, .errlen = errlen,
                .calls = calls, .user = user};
    lax(buf);
    xmlSetGenericErrorFunc(NULL, quiet);   /* errors go to keep_first only */
    int rc = parse(&w, buf, len);
    xmlSetGenericErrorFunc(NULL, NULL);
    free(w.vals);
    return rc;
}

const char *ss_pxml_attr(const ss_pxml_elem_t *e, const char *name)
{
    for (int i = 0; i < e->nattr; i++)
        if (!strcmp(e->attr[i][0], name))
            return e->attr[i][1];
    return NULL;
}
