/*
 * TEST DOUBLE of Otto's C API (libotto.so), for the tests of shared/eric/otto only.
 *
 * It exports Otto's functions with their signatures (names, argument order and types, status
 * codes as declared in otto.h, otto_types.h and otto_statuscode.h of ERiC 43.2.6, see
 * docs/sources.md), so the adapter's koffi declarations meet real C calling conventions. It is not
 * OTTER: it connects to nothing and serves objects from files.
 *
 * Settings (environment):
 *   OTTO_DOUBLE_OBJECTS_DIR  the objects, one file each, named by object ID
 *   OTTO_DOUBLE_BLOCK_SIZE   bytes per block of OttoEmpfangFortsetzen (default 65536)
 *   OTTO_DOUBLE_COUNTERS     a file of one line per object: "<objektId> <begun> <completed>",
 *                            kept across processes (a download is begun by OttoEmpfangBeginnen,
 *                            completed when its empty block is handed out)
 *   OTTO_DOUBLE_PIN          the PIN every certificate opens with (default 123456)
 *
 * Beside an object's file, optional files choose what happens to it:
 *   <objektId>.owner  the certificate container (its bytes) that alone may read it; any other
 *                     gets OTTO_TRANSFER_UNAUTHORIZED
 *   <objektId>.fault  one line "<kind> <n> [<downloads>]", for the first <downloads> downloads
 *                     begun (default: all):
 *                       timeout <bytes>  OTTO_TRANSFER_TIMEOUT once <bytes> were handed out
 *                       server <bytes>   OTTO_TRANSFER_SERVER_FEHLER likewise
 *                       slow <ms>        every block waits <ms> first
 *
 * Lifecycle checks: handles are never reused (freed ones stay marked), so a freed handle gets
 * OTTO_UNGUELTIGES_HANDLE; freeing an instance with open certificates, buffers or downloads gets
 * OTTO_INSTANZ_UNTEROBJEKTE_NICHT_FREIGEGEBEN; ending a download before its empty block gets
 * OTTO_EMPFANG_VORZEITIG_BEENDET; two calls on one instance at a time get
 * OTTO_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT. Uploads and the one-call download are not served
 * (OTTO_FUNKTION_NICHT_UNTERSTUETZT).
 */

#include <ctype.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define OTTO_OK 0
#define OTTO_TRANSFER_TIMEOUT 610403005
#define OTTO_TRANSFER_UNAUTHORIZED 610403007
#define OTTO_TRANSFER_NOT_FOUND 610403008
#define OTTO_TRANSFER_SERVER_FEHLER 610403009
#define OTTO_UNGUELTIGER_PARAMETER 610405001
#define OTTO_UNGUELTIGES_HANDLE 610405002
#define OTTO_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT 610405003
#define OTTO_INSTANZ_UNTEROBJEKTE_NICHT_FREIGEGEBEN 610405005
#define OTTO_FUNKTION_NICHT_UNTERSTUETZT 610405007
#define OTTO_ZERTIFIKAT_PIN_FALSCH 610405008
#define OTTO_ZERTIFIKAT_PFAD_FALSCH 610405009
#define OTTO_UNGUELTIGE_HERSTELLERID 610405012
#define OTTO_EMPFANG_VORZEITIG_BEENDET 610405013
#define OTTO_EINSTELLUNG_UNBEKANNT 610405023

typedef int OttoStatusCode;
typedef char byteChar;
typedef int (*OttoLogCallback)(const char *, const char *, int, const char *, void *);

enum kind { INSTANZ = 0x4f490001, ZERTIFIKAT, PUFFER, EMPFANG, FREED = 0x4f49dead };

typedef struct OttoInstanz {
  int kind;
  atomic_int busy;
  int open;
  char log_level[16];
} *OttoInstanzHandle;

typedef struct OttoZertifikat {
  int kind;
  struct OttoInstanz *instanz;
  unsigned char *container;
  size_t size;
} *OttoZertifikatHandle;

typedef struct OttoRueckgabepuffer {
  int kind;
  struct OttoInstanz *instanz;
  char *content;
  uint64_t size;
} *OttoRueckgabepufferHandle;

typedef struct OttoEmpfang {
  int kind;
  struct OttoInstanz *instanz;
  FILE *file;
  char id[80];
  uint64_t handed_out;
  int done, failed;
  char fault[16];
  unsigned long fault_at;
} *OttoEmpfangHandle;

typedef void *OttoPruefsummeHandle;
typedef void *OttoVersandHandle;

/* Handles are never freed, only marked: a freed one can be told from a live one without reading freed memory. */
#define VALID(handle, k) ((handle) != NULL && (handle)->kind == (k))

static int enter(struct OttoInstanz *instanz) { return atomic_exchange(&instanz->busy, 1) == 0; }
static void leave(struct OttoInstanz *instanz) { atomic_store(&instanz->busy, 0); }
#define ENTER(instanz)                                                        \
  do {                                                                        \
    if (!enter(instanz)) return OTTO_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT;      \
  } while (0)
#define LEAVE(instanz, code) \
  do {                       \
    leave(instanz);          \
    return (code);           \
  } while (0)

static const char *setting(const char *name, const char *fallback) {
  const char *value = getenv(name);
  return value && *value ? value : fallback;
}

static int read_file(const char *path, unsigned char **bytes, size_t *size) {
  FILE *file = fopen(path, "rb");
  if (!file) return 0;
  struct stat st;
  fstat(fileno(file), &st);
  *size = (size_t)st.st_size;
  *bytes = malloc(*size + 1);
  size_t got = fread(*bytes, 1, *size, file);
  fclose(file);
  if (got != *size) {
    free(*bytes);
    return 0;
  }
  return 1;
}

static void buffer_set(struct OttoRueckgabepuffer *buffer, const char *content, uint64_t size) {
  free(buffer->content);
  buffer->content = malloc(size + 1);
  if (size) memcpy(buffer->content, content, size);
  buffer->content[size] = '\0';
  buffer->size = size;
}

/* Adds to an object's counters in OTTO_DOUBLE_COUNTERS under a lock; returns its downloads begun. */
static long count(const char *id, int begun, int completed) {
  const char *path = getenv("OTTO_DOUBLE_COUNTERS");
  if (!path) return 0;
  int fd = open(path, O_RDWR | O_CREAT, 0600);
  if (fd < 0) return 0;
  flock(fd, LOCK_EX);
  FILE *file = fdopen(fd, "r+");
  char ids[256][80];
  long counts[256][2];
  int n = 0, found = -1;
  while (n < 256 && fscanf(file, "%79s %ld %ld", ids[n], &counts[n][0], &counts[n][1]) == 3) {
    if (strcmp(ids[n], id) == 0) found = n;
    n++;
  }
  if (found < 0 && n < 256) {
    found = n++;
    snprintf(ids[found], sizeof ids[found], "%s", id);
    counts[found][0] = counts[found][1] = 0;
  }
  counts[found][0] += begun;
  counts[found][1] += completed;
  rewind(file);
  if (ftruncate(fd, 0) != 0) return 0;
  for (int i = 0; i < n; i++) fprintf(file, "%s %ld %ld\n", ids[i], counts[i][0], counts[i][1]);
  fflush(file);
  long result = counts[found][0];
  flock(fd, LOCK_UN);
  fclose(file);
  return result;
}

static int valid_object_id(const char *id) {
  size_t length = strlen(id);
  if (length == 0 || length > 64) return 0;
  for (size_t i = 0; i < length; i++)
    if (!isalnum((unsigned char)id[i]) && id[i] != '-') return 0;
  return 1;
}

static int valid_hersteller_id(const char *id) {
  if (strlen(id) != 5) return 0;
  for (int i = 0; i < 5; i++)
    if (!isdigit((unsigned char)id[i])) return 0;
  return 1;
}

OttoStatusCode OttoInstanzErzeugen(const byteChar *logPfad, OttoLogCallback logCallback, void *benutzerdaten, OttoInstanzHandle *instanz) {
  (void)logPfad, (void)logCallback, (void)benutzerdaten;
  if (!instanz) return OTTO_UNGUELTIGER_PARAMETER;
  struct OttoInstanz *created = calloc(1, sizeof *created);
  created->kind = INSTANZ;
  strcpy(created->log_level, "2");
  *instanz = created;
  return OTTO_OK;
}

OttoStatusCode OttoInstanzFreigeben(OttoInstanzHandle instanz) {
  if (!VALID(instanz, INSTANZ)) return OTTO_UNGUELTIGES_HANDLE;
  ENTER(instanz);
  if (instanz->open > 0) LEAVE(instanz, OTTO_INSTANZ_UNTEROBJEKTE_NICHT_FREIGEGEBEN);
  instanz->kind = FREED;
  LEAVE(instanz, OTTO_OK);
}

static OttoStatusCode open_certificate(OttoInstanzHandle instanz, unsigned char *container, size_t size, const byteChar *passwort,
                                       OttoZertifikatHandle *zertifikat) {
  if (!passwort || strcmp(passwort, setting("OTTO_DOUBLE_PIN", "123456")) != 0) {
    free(container);
    return OTTO_ZERTIFIKAT_PIN_FALSCH;
  }
  struct OttoZertifikat *opened = calloc(1, sizeof *opened);
  opened->kind = ZERTIFIKAT;
  opened->instanz = instanz;
  opened->container = container;
  opened->size = size;
  instanz->open++;
  *zertifikat = opened;
  return OTTO_OK;
}

OttoStatusCode OttoZertifikatOeffnen(OttoInstanzHandle instanz, const byteChar *zertifikatsPfad, const byteChar *zertifikatsPasswort,
                                     OttoZertifikatHandle *zertifikat) {
  if (!VALID(instanz, INSTANZ)) return OTTO_UNGUELTIGES_HANDLE;
  if (!zertifikatsPfad || !zertifikat) return OTTO_UNGUELTIGER_PARAMETER;
  ENTER(instanz);
  unsigned char *container;
  size_t size;
  if (!read_file(zertifikatsPfad, &container, &size)) LEAVE(instanz, OTTO_ZERTIFIKAT_PFAD_FALSCH);
  LEAVE(instanz, open_certificate(instanz, container, size, zertifikatsPasswort, zertifikat));
}

OttoStatusCode OttoZertifikatOeffnenAusBytes(OttoInstanzHandle instanz, const byteChar *pkcs12Container, uint32_t containerGroesse,
                                             const byteChar *zertifikatsPasswort, OttoZertifikatHandle *zertifikat) {
  if (!VALID(instanz, INSTANZ)) return OTTO_UNGUELTIGES_HANDLE;
  if (!pkcs12Container || containerGroesse == 0 || !zertifikat) return OTTO_UNGUELTIGER_PARAMETER;
  ENTER(instanz);
  unsigned char *container = malloc(containerGroesse);
  memcpy(container, pkcs12Container, containerGroesse);
  LEAVE(instanz, open_certificate(instanz, container, containerGroesse, zertifikatsPasswort, zertifikat));
}

OttoStatusCode OttoZertifikatSchliessen(OttoZertifikatHandle zertifikat) {
  if (!VALID(zertifikat, ZERTIFIKAT)) return OTTO_UNGUELTIGES_HANDLE;
  struct OttoInstanz *instanz = zertifikat->instanz;
  ENTER(instanz);
  zertifikat->kind = FREED;
  free(zertifikat->container);
  zertifikat->container = NULL;
  instanz->open--;
  LEAVE(instanz, OTTO_OK);
}

OttoStatusCode OttoRueckgabepufferErzeugen(OttoInstanzHandle instanz, OttoRueckgabepufferHandle *rueckgabepuffer) {
  if (!VALID(instanz, INSTANZ)) return OTTO_UNGUELTIGES_HANDLE;
  if (!rueckgabepuffer) return OTTO_UNGUELTIGER_PARAMETER;
  ENTER(instanz);
  struct OttoRueckgabepuffer *buffer = calloc(1, sizeof *buffer);
  buffer->kind = PUFFER;
  buffer->instanz = instanz;
  buffer_set(buffer, "", 0);
  instanz->open++;
  *rueckgabepuffer = buffer;
  LEAVE(instanz, OTTO_OK);
}

uint64_t OttoRueckgabepufferGroesse(OttoRueckgabepufferHandle rueckgabepuffer) {
  return VALID(rueckgabepuffer, PUFFER) ? rueckgabepuffer->size : 0;
}

const byteChar *OttoRueckgabepufferInhalt(OttoRueckgabepufferHandle rueckgabepuffer) {
  return VALID(rueckgabepuffer, PUFFER) ? rueckgabepuffer->content : NULL;
}

OttoStatusCode OttoRueckgabepufferFreigeben(OttoRueckgabepufferHandle rueckgabepuffer) {
  if (!VALID(rueckgabepuffer, PUFFER)) return OTTO_UNGUELTIGES_HANDLE;
  struct OttoInstanz *instanz = rueckgabepuffer->instanz;
  ENTER(instanz);
  rueckgabepuffer->kind = FREED;
  free(rueckgabepuffer->content);
  rueckgabepuffer->content = NULL;
  instanz->open--;
  LEAVE(instanz, OTTO_OK);
}

static OttoStatusCode begin(OttoInstanzHandle instanz, const byteChar *objektId, OttoZertifikatHandle zertifikat, const byteChar *herstellerId,
                            OttoEmpfangHandle *empfang) {
  if (!VALID(zertifikat, ZERTIFIKAT) || zertifikat->instanz != instanz) return OTTO_UNGUELTIGES_HANDLE;
  if (!valid_hersteller_id(herstellerId)) return OTTO_UNGUELTIGE_HERSTELLERID;
  const char *dir = getenv("OTTO_DOUBLE_OBJECTS_DIR");
  if (!dir || !valid_object_id(objektId)) return OTTO_TRANSFER_NOT_FOUND;
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, objektId);
  FILE *file = fopen(path, "rb");
  if (!file) return OTTO_TRANSFER_NOT_FOUND;
  unsigned char *owner;
  size_t owner_size;
  snprintf(path, sizeof path, "%s/%s.owner", dir, objektId);
  if (read_file(path, &owner, &owner_size)) {
    int mine = owner_size == zertifikat->size && memcmp(owner, zertifikat->container, owner_size) == 0;
    free(owner);
    if (!mine) {
      fclose(file);
      return OTTO_TRANSFER_UNAUTHORIZED;
    }
  }
  struct OttoEmpfang *started = calloc(1, sizeof *started);
  started->kind = EMPFANG;
  started->instanz = instanz;
  started->file = file;
  snprintf(started->id, sizeof started->id, "%s", objektId);
  long begun = count(objektId, 1, 0);
  snprintf(path, sizeof path, "%s/%s.fault", dir, objektId);
  FILE *fault = fopen(path, "r");
  if (fault) {
    long downloads = -1;
    int read = fscanf(fault, "%15s %lu %ld", started->fault, &started->fault_at, &downloads);
    fclose(fault);
    if (read < 2 || (read == 3 && begun > downloads)) started->fault[0] = '\0';
  }
  instanz->open++;
  *empfang = started;
  return OTTO_OK;
}

OttoStatusCode OttoEmpfangBeginnen(OttoInstanzHandle instanz, const byteChar *objektId, OttoZertifikatHandle zertifikat,
                                   const byteChar *herstellerId, OttoEmpfangHandle *empfang) {
  if (!VALID(instanz, INSTANZ)) return OTTO_UNGUELTIGES_HANDLE;
  if (!objektId || !herstellerId || !empfang) return OTTO_UNGUELTIGER_PARAMETER;
  ENTER(instanz);
  LEAVE(instanz, begin(instanz, objektId, zertifikat, herstellerId, empfang));
}

OttoStatusCode OttoEmpfangBeginnenAbholzertifikat(OttoInstanzHandle instanz, const byteChar *objektId, OttoZertifikatHandle zertifikat,
                                                  const byteChar *herstellerId, const byteChar *abholzertifikat, OttoEmpfangHandle *empfang) {
  (void)instanz, (void)objektId, (void)zertifikat, (void)herstellerId, (void)abholzertifikat, (void)empfang;
  return OTTO_FUNKTION_NICHT_UNTERSTUETZT;
}

static OttoStatusCode next_block(struct OttoEmpfang *empfang, struct OttoRueckgabepuffer *block) {
  if (empfang->failed) return OTTO_TRANSFER_SERVER_FEHLER;
  if (empfang->done) {
    buffer_set(block, "", 0);
    return OTTO_OK;
  }
  int slow = strcmp(empfang->fault, "slow") == 0;
  if (slow) usleep((useconds_t)empfang->fault_at * 1000);
  int timeout = strcmp(empfang->fault, "timeout") == 0, server = strcmp(empfang->fault, "server") == 0;
  uint64_t size = strtoull(setting("OTTO_DOUBLE_BLOCK_SIZE", "65536"), NULL, 10);
  if (size == 0) size = 65536;
  if ((timeout || server) && empfang->handed_out + size > empfang->fault_at) {
    if (empfang->handed_out >= empfang->fault_at) {
      empfang->failed = 1;
      return timeout ? OTTO_TRANSFER_TIMEOUT : OTTO_TRANSFER_SERVER_FEHLER;
    }
    size = empfang->fault_at - empfang->handed_out;
  }
  char *bytes = malloc(size);
  size_t got = fread(bytes, 1, size, empfang->file);
  buffer_set(block, bytes, got);
  free(bytes);
  empfang->handed_out += got;
  if (got == 0) {
    empfang->done = 1;
    count(empfang->id, 0, 1);
  }
  return OTTO_OK;
}

OttoStatusCode OttoEmpfangFortsetzen(OttoEmpfangHandle empfang, OttoRueckgabepufferHandle datenBlock) {
  if (!VALID(empfang, EMPFANG)) return OTTO_UNGUELTIGES_HANDLE;
  if (!VALID(datenBlock, PUFFER) || datenBlock->instanz != empfang->instanz) return OTTO_UNGUELTIGES_HANDLE;
  ENTER(empfang->instanz);
  LEAVE(empfang->instanz, next_block(empfang, datenBlock));
}

OttoStatusCode OttoEmpfangBeenden(OttoEmpfangHandle empfang) {
  if (!VALID(empfang, EMPFANG)) return OTTO_UNGUELTIGES_HANDLE;
  struct OttoInstanz *instanz = empfang->instanz;
  ENTER(instanz);
  empfang->kind = FREED;
  fclose(empfang->file);
  empfang->file = NULL;
  instanz->open--;
  LEAVE(instanz, empfang->done || empfang->failed ? OTTO_OK : OTTO_EMPFANG_VORZEITIG_BEENDET);
}

OttoStatusCode OttoDatenAbholen(OttoInstanzHandle instanz, const byteChar *objektId, uint32_t objektGroesse, const byteChar *zertifikatsPfad,
                                const byteChar *zertifikatsPasswort, const byteChar *herstellerId, const byteChar *abholzertifikat,
                                OttoRueckgabepufferHandle abholDaten) {
  (void)instanz, (void)objektId, (void)objektGroesse, (void)zertifikatsPfad, (void)zertifikatsPasswort, (void)herstellerId,
      (void)abholzertifikat, (void)abholDaten;
  return OTTO_FUNKTION_NICHT_UNTERSTUETZT;
}

OttoStatusCode OttoPruefsummeErzeugen(OttoInstanzHandle instanz, OttoPruefsummeHandle *pruefsumme) {
  (void)instanz, (void)pruefsumme;
  return OTTO_FUNKTION_NICHT_UNTERSTUETZT;
}

OttoStatusCode OttoVersandBeginnen(OttoInstanzHandle instanz, const byteChar *signiertePruefsumme, const byteChar *herstellerId,
                                   OttoVersandHandle *versand) {
  (void)instanz, (void)signiertePruefsumme, (void)herstellerId, (void)versand;
  return OTTO_FUNKTION_NICHT_UNTERSTUETZT;
}

const char *OttoHoleFehlertext(OttoStatusCode statuscode) {
  switch (statuscode) {
    case OTTO_OK: return "OK (Otto test double)";
    case OTTO_TRANSFER_TIMEOUT: return "Zeitueberschreitung bei der Uebertragung (Otto test double)";
    case OTTO_TRANSFER_UNAUTHORIZED: return "Das Zertifikat darf das Objekt nicht abholen (Otto test double)";
    case OTTO_TRANSFER_NOT_FOUND: return "Objekt nicht gefunden (Otto test double)";
    case OTTO_TRANSFER_SERVER_FEHLER: return "Serverfehler (Otto test double)";
    case OTTO_UNGUELTIGES_HANDLE: return "Ungueltiges Handle (Otto test double)";
    case OTTO_ZERTIFIKAT_PIN_FALSCH: return "PIN falsch (Otto test double)";
    case OTTO_EMPFANG_VORZEITIG_BEENDET: return "Empfang vorzeitig beendet (Otto test double)";
    default: return "Unbekannter Statuscode (Otto test double)";
  }
}

OttoStatusCode OttoProxyKonfigurationSetzen(OttoInstanzHandle instanz, const void *proxyKonfiguration) {
  (void)proxyKonfiguration;
  return VALID(instanz, INSTANZ) ? OTTO_FUNKTION_NICHT_UNTERSTUETZT : OTTO_UNGUELTIGES_HANDLE;
}

OttoStatusCode OttoEinstellungSetzen(OttoInstanzHandle instanz, const char *einstellungName, const char *einstellungWert) {
  if (!VALID(instanz, INSTANZ)) return OTTO_UNGUELTIGES_HANDLE;
  if (!einstellungName || !einstellungWert) return OTTO_UNGUELTIGER_PARAMETER;
  if (strcmp(einstellungName, "log.ebene") != 0) return OTTO_EINSTELLUNG_UNBEKANNT;
  ENTER(instanz);
  snprintf(instanz->log_level, sizeof instanz->log_level, "%s", einstellungWert);
  LEAVE(instanz, OTTO_OK);
}

OttoStatusCode OttoEinstellungLesen(OttoInstanzHandle instanz, const char *einstellungName, OttoRueckgabepufferHandle einstellungWert) {
  if (!VALID(instanz, INSTANZ) || !VALID(einstellungWert, PUFFER)) return OTTO_UNGUELTIGES_HANDLE;
  if (!einstellungName) return OTTO_UNGUELTIGER_PARAMETER;
  if (strcmp(einstellungName, "log.ebene") != 0) return OTTO_EINSTELLUNG_UNBEKANNT;
  buffer_set(einstellungWert, instanz->log_level, strlen(instanz->log_level));
  return OTTO_OK;
}

OttoStatusCode OttoVersion(OttoRueckgabepufferHandle rueckgabepuffer) {
  if (!VALID(rueckgabepuffer, PUFFER)) return OTTO_UNGUELTIGES_HANDLE;
  const char *version = "<Otto><Version>43.2.6 (test double)</Version></Otto>";
  buffer_set(rueckgabepuffer, version, strlen(version));
  return OTTO_OK;
}
