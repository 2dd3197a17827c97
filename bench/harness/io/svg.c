/* svg.c — the small SVG writer shared by every family's render hook. */
#include "svg.h"

#include <string.h>

void pb_svg_begin(FILE *f, double w, double h)
{
    fprintf(f,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" "
            "viewBox=\"0 0 %g %g\" font-family=\"sans-serif\">\n",
            w, h, w, h);
    pb_svg_rect(f, 0, 0, w, h, "white", "none", 0);
}

void pb_svg_end(FILE *f)
{
    fputs("</svg>\n", f);
}

void pb_svg_rect(FILE *f, double x, double y, double w, double h, const char *fill,
                 const char *stroke, double width)
{
    fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"%s\"", x, y, w, h, fill);
    if (strcmp(stroke, "none")) fprintf(f, " stroke=\"%s\" stroke-width=\"%g\"", stroke, width);
    fputs("/>\n", f);
}

void pb_svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *stroke,
                 double width, double opacity)
{
    fprintf(f, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"%s\" stroke-width=\"%g\"",
            x1, y1, x2, y2, stroke, width);
    if (opacity < 1) fprintf(f, " stroke-opacity=\"%g\"", opacity);
    fputs("/>\n", f);
}

/* Writes s with &, <, >, " and ' escaped. */
static void escape(FILE *f, const char *s)
{
    for (; *s; s++) switch (*s) {
        case '&':
            fputs("&amp;", f);
            break;
        case '<':
            fputs("&lt;", f);
            break;
        case '>':
            fputs("&gt;", f);
            break;
        case '"':
            fputs("&quot;", f);
            break;
        case '\'':
            fputs("&apos;", f);
            break;
        default:
            fputc(*s, f);
        }
}

void pb_svg_text(FILE *f, double x, double y, double size, const char *weight, const char *fill,
                 const char *cls, const char *text)
{
    fprintf(f,
            "<text x=\"%g\" y=\"%g\" font-size=\"%g\" font-weight=\"%s\" fill=\"%s\" "
            "text-anchor=\"middle\"",
            x, y + size / 3, size, weight, fill);
    if (cls) fprintf(f, " class=\"%s\"", cls);
    fputc('>', f);
    escape(f, text);
    fputs("</text>\n", f);
}
