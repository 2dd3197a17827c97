/* svg.h — a small writer of static SVG pictures (render): the header, rectangles,
 * lines and text, with the text's XML escaped. Coordinates are in pixels. */
#ifndef PB_SVG_H
#define PB_SVG_H

#include <stdio.h>

/* Opens a w x h picture on a white ground. */
void pb_svg_begin(FILE *f, double w, double h);
void pb_svg_end(FILE *f);
/* A rectangle; fill or stroke "none" leaves it out; width: the stroke's. */
void pb_svg_rect(FILE *f, double x, double y, double w, double h, const char *fill,
                 const char *stroke, double width);
/* A line; opacity 1 is solid. */
void pb_svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *stroke,
                 double width, double opacity);
/* Text centred on (x, y) (baseline at y + size/3); weight: "bold", "normal", "300".
 * cls, when not NULL, is its class (given, solution, clue), for tests and styling. */
void pb_svg_text(FILE *f, double x, double y, double size, const char *weight, const char *fill,
                 const char *cls, const char *text);

#endif
