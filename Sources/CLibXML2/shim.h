// Debian's libxml2 is built with ICU, whose headers clash with the copy Foundation carries. Nothing
// here uses the ICU-only members of libxml2's encoding handler (they are reached only by pointer), so
// the ICU headers are left out.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlreader.h>
#include <libxml/parser.h>
