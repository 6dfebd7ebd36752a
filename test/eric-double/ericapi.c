/*
 * TEST DOUBLE of ERiC's C API (libericapi.so), for the tests of shared/eric only.
 *
 * It exports the functions steuerbote binds, with ERiC's signatures and struct layouts, so the
 * adapter's koffi declarations are exercised against real C calling conventions. It is not ELSTER
 * and not ERiC: it connects to nothing, sends nothing, and every answer and PDF it makes says that
 * it comes from a test double.
 *
 * Compiled once per struct family with -DERIC_MAJOR=<n> (see build.ts):
 *   ERIC_MAJOR <= 40: eric_druck_parameter_t version 2 or 3 (with ersteSeite; the PDF callback only
 *                     for version 3), eric_verschluesselungs_parameter_t version 2 (with abrufCode)
 *   ERIC_MAJOR >= 41: eric_druck_parameter_t version 4 (no ersteSeite), eric_verschluesselungs_-
 *                     parameter_t version 3 (no abrufCode)
 *   ERIC_MAJOR >= 44: EricBearbeiteVorgang without the transferHandle parameter
 * Layouts and signatures as in the public bindings of quambene/eric-rs
 * (eric-bindings/bindings/bindings_eric_40_1_8_0_linux_x86_64.rs, ..._44_2_4_0_linux_x86_64.rs).
 *
 * What it checks: struct versions of its family, flags, non-null buffers, initialisation, a
 * certificate that can be read (by path, or from memory with EricZertifikatOeffnenAusBytes from
 * ERiC 43 on), an open certificate handle, the PIN (TEST_PIN, or the one a test registered for that
 * container with EricDoubleRegisterCertificate), the Datenart of the TransferHeader against the
 * Datenart version. It tells containers apart by a hash of their bytes and counts sends per
 * container (EricDoubleSendsWith). It also notices overlapping calls from two threads
 * (ERiC's single-instance API is not re-entrant) and answers them with
 * ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT.
 *
 * Markers anywhere in the data choose a simulated outcome:
 *   ERIC-DOUBLE:PLAUSI   plausibility errors (FehlerRegelpruefung), nothing sent
 *   ERIC-DOUBLE:CONNECT  the server cannot be reached, nothing sent
 *   ERIC-DOUBLE:TIMEOUT  sent, then the answer breaks off (a partial server answer is kept)
 *   ERIC-DOUBLE:UNCLEAR  sent, answered without a TransferTicket
 *   ERIC-DOUBLE:REFUSED  sent, the server refuses it in the TransferHeader
 *
 * The Datenabholung (Verfahren ElsterDatenabholung, Datenart version <Datenart>_31) needs the
 * transfer handle up to ERiC 43 (it fills in one that is 0) and answers with the file
 * <Datenart>.xml of the folder ERIC_DOUBLE_DATENABHOLUNG_DIR, as ELSTER's server would; with
 * ERIC_DOUBLE_CONFIRMATIONS (a file) it keeps the records confirmed there, lists them no more and
 * answers a second confirmation "not found" (see confirm_answer).
 *
 * Test-only exports (names start with EricDouble): counters the tests read after each call.
 */

#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef ERIC_MAJOR
#error "compile with -DERIC_MAJOR=<ERiC major version>"
#endif

#define TEST_PIN "123456"
#define ERIC_MINOR 9

/* Return codes, from ERiC's eric_fehlercodes.h as listed in digitalservicebund/erica
   (erica/worker/pyeric/eric_errors.py). */
#define ERIC_OK 0
#define ERIC_GLOBAL_PRUEF_FEHLER 610001002
#define ERIC_GLOBAL_DATEI_NICHT_GEFUNDEN 610001014
#define ERIC_GLOBAL_DATENARTVERSION_UNBEKANNT 610001042
#define ERIC_GLOBAL_DATENARTVERSION_XML_INKONSISTENT 610001044
#define ERIC_GLOBAL_NICHT_INITIALISIERT 610001081
#define ERIC_GLOBAL_MEHRFACHE_INITIALISIERUNG 610001082
#define ERIC_GLOBAL_VERSCHLUESSELUNGS_PARAMETER_NICHT_ANGEGEBEN 610001206
#define ERIC_GLOBAL_UNGUELTIGE_FLAG_KOMBINATION 610001218
#define ERIC_GLOBAL_UNGUELTIGER_PARAMETER 610001222
#define ERIC_GLOBAL_UNGUELTIGE_PARAMETER_VERSION 610001226
#define ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT 610001231
#define ERIC_GLOBAL_NULL_PARAMETER 610001526
#define ERIC_TRANSFER_ERR_XML_THEADER 610101210
#define ERIC_TRANSFER_ERR_CONNECTSERVER 610101278
#define ERIC_TRANSFER_ERR_TIMEOUT 610101283
#define ERIC_CRYPT_E_INVALID_HANDLE 610201101
#define ERIC_CRYPT_E_PSE_PATH 610201105
#define ERIC_CRYPT_E_PIN_WRONG 610201106
#define ERIC_PRINT_UNGUELTIGER_DATEI_PFAD 610501004

#define ERIC_VALIDIERE (1u << 1)
#define ERIC_SENDE (1u << 2)
#define ERIC_DRUCKE (1u << 5)
#define ERIC_PRUEFE_HINWEISE (1u << 7)

typedef char byteChar;
typedef uint32_t EricZertifikatHandle;
typedef uint32_t EricTransferHandle;

struct EricReturnBufferApi {
  char *data;
  uint32_t length;
};
typedef struct EricReturnBufferApi *EricRueckgabepufferHandle;

typedef int (*EricPdfCallback)(const char *pdfBezeichner, const uint8_t *pdfDaten, uint32_t pdfGroesse, void *benutzerDaten);

typedef struct {
  uint32_t version;
  uint32_t vorschau;
#if ERIC_MAJOR <= 40
  uint32_t ersteSeite;
#endif
  uint32_t duplexDruck;
  const byteChar *pdfName;
  const char *fussText;
  EricPdfCallback pdfCallback;
  void *pdfCallbackBenutzerdaten;
} eric_druck_parameter_t;

typedef struct {
  uint32_t version;
  EricZertifikatHandle zertifikatHandle;
  const char *pin;
#if ERIC_MAJOR <= 40
  const char *abrufCode;
#endif
} eric_verschluesselungs_parameter_t;

#if ERIC_MAJOR <= 40
#define DRUCK_VERSION_OK(v) ((v) == 2 || (v) == 3)
#define DRUCK_CALLBACK(p) ((p)->version == 3 ? (p)->pdfCallback : NULL)
#define CRYPT_VERSION 2
#else
#define DRUCK_VERSION_OK(v) ((v) == 4)
#define DRUCK_CALLBACK(p) ((p)->pdfCallback)
#define CRYPT_VERSION 3
#endif

/* ---- state and counters ------------------------------------------------------------------- */

static atomic_int busy;
static atomic_int reentries;
static atomic_int sends;
static atomic_int open_buffers;
static int initialised;
static uint32_t next_handle = 1;
static uint32_t open_handles[64];
/* The hash of the container each open handle was made from. */
static uint64_t handle_containers[64];

/* Containers a test registered, with their PIN, and the sends signed with each. */
#define MAX_CERTIFICATES 64
static struct {
  uint64_t container;
  char pin[129];
  int sends;
} certificates[MAX_CERTIFICATES];
static int certificate_count;
static pthread_mutex_t certificates_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long ticket_counter;

/* Every API function runs inside ENTER/LEAVE: a second thread arriving while one is inside is
   what the single-instance API forbids, so it is counted and refused. */
#define ENTER(refused)                                   \
  do {                                                   \
    if (atomic_exchange(&busy, 1)) {                     \
      atomic_fetch_add(&reentries, 1);                   \
      return refused;                                    \
    }                                                    \
  } while (0)
#define LEAVE(value)            \
  do {                          \
    atomic_store(&busy, 0);     \
    return value;               \
  } while (0)

int EricDoubleReentries(void) { return atomic_load(&reentries); }
int EricDoubleSends(void) { return atomic_load(&sends); }
int EricDoubleOpenBuffers(void) { return atomic_load(&open_buffers); }
int EricDoubleOpenCertificates(void) {
  int count = 0;
  for (size_t i = 0; i < sizeof open_handles / sizeof open_handles[0]; i++) count += open_handles[i] != 0;
  return count;
}

/* FNV-1a: enough to tell a test's containers apart; the double checks no signature. */
static uint64_t container_hash(const uint8_t *bytes, size_t size) {
  uint64_t hash = 1469598103934665603ull;
  for (size_t i = 0; i < size; i++) hash = (hash ^ bytes[i]) * 1099511628211ull;
  return hash;
}

static int certificate_index(uint64_t container) {
  for (int i = 0; i < certificate_count; i++)
    if (certificates[i].container == container) return i;
  return -1;
}

/* Test-only: from now on `container` opens with `pin` only. */
int EricDoubleRegisterCertificate(const uint8_t *container, uint32_t size, const char *pin) {
  if (!container || !pin || strlen(pin) >= sizeof certificates[0].pin) return ERIC_GLOBAL_NULL_PARAMETER;
  pthread_mutex_lock(&certificates_lock);
  uint64_t hash = container_hash(container, size);
  int index = certificate_index(hash);
  if (index < 0 && certificate_count < MAX_CERTIFICATES) index = certificate_count++;
  if (index >= 0) {
    certificates[index].container = hash;
    snprintf(certificates[index].pin, sizeof certificates[index].pin, "%s", pin);
  }
  pthread_mutex_unlock(&certificates_lock);
  return index < 0 ? ERIC_GLOBAL_UNGUELTIGER_PARAMETER : ERIC_OK;
}

/* Test-only: the sends signed with `container` (registered before). */
int EricDoubleSendsWith(const uint8_t *container, uint32_t size) {
  pthread_mutex_lock(&certificates_lock);
  int index = certificate_index(container_hash(container, size));
  int count = index < 0 ? 0 : certificates[index].sends;
  pthread_mutex_unlock(&certificates_lock);
  return count;
}

/* Whether `pin` opens `container`: its registered PIN, or TEST_PIN for any other. */
static int pin_opens(uint64_t container, const char *pin) {
  if (!pin) return 0;
  pthread_mutex_lock(&certificates_lock);
  int index = certificate_index(container);
  int opens = strcmp(pin, index < 0 ? TEST_PIN : certificates[index].pin) == 0;
  pthread_mutex_unlock(&certificates_lock);
  return opens;
}

static void count_send(uint64_t container) {
  pthread_mutex_lock(&certificates_lock);
  int index = certificate_index(container);
  if (index >= 0) certificates[index].sends++;
  pthread_mutex_unlock(&certificates_lock);
}

/* ---- return buffers ---------------------------------------------------------------------- */

static void buffer_set(EricRueckgabepufferHandle buffer, const char *text, size_t length) {
  free(buffer->data);
  buffer->data = malloc(length + 1);
  memcpy(buffer->data, text, length);
  buffer->data[length] = 0;
  buffer->length = (uint32_t)length;
}

static void buffer_printf(EricRueckgabepufferHandle buffer, const char *format, ...) {
  va_list args;
  va_start(args, format);
  int length = vsnprintf(NULL, 0, format, args);
  va_end(args);
  char *text = malloc((size_t)length + 1);
  va_start(args, format);
  vsnprintf(text, (size_t)length + 1, format, args);
  va_end(args);
  buffer_set(buffer, text, (size_t)length);
  free(text);
}

EricRueckgabepufferHandle EricRueckgabepufferErzeugen(void) {
  ENTER(NULL);
  EricRueckgabepufferHandle buffer = calloc(1, sizeof *buffer);
  buffer_set(buffer, "", 0);
  atomic_fetch_add(&open_buffers, 1);
  LEAVE(buffer);
}

const char *EricRueckgabepufferInhalt(EricRueckgabepufferHandle buffer) {
  ENTER(NULL);
  LEAVE(buffer ? buffer->data : NULL);
}

uint32_t EricRueckgabepufferLaenge(EricRueckgabepufferHandle buffer) {
  ENTER(0);
  LEAVE(buffer ? buffer->length : 0);
}

int EricRueckgabepufferFreigeben(EricRueckgabepufferHandle buffer) {
  ENTER(ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT);
  if (!buffer) LEAVE(ERIC_GLOBAL_NULL_PARAMETER);
  free(buffer->data);
  free(buffer);
  atomic_fetch_sub(&open_buffers, 1);
  LEAVE(ERIC_OK);
}

/* ---- life cycle, version, error texts ----------------------------------------------------- */

static int is_directory(const char *path) {
  struct stat info;
  return path && stat(path, &info) == 0 && S_ISDIR(info.st_mode);
}

/* Where eric.log goes: as ERiC does, the double notes each Vorgang there, with the start of its data. */
static char log_path[4096];

static void log_vorgang(const char *datenartVersion, const char *datenpuffer) {
  FILE *log = fopen(log_path, "a");
  if (!log) return;
  fprintf(log, "Vorgang %s: %.120s\n", datenartVersion ? datenartVersion : "", datenpuffer ? datenpuffer : "");
  fclose(log);
}

int EricInitialisiere(const byteChar *pluginPfad, const byteChar *logPfad) {
  ENTER(ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT);
  if (initialised) LEAVE(ERIC_GLOBAL_MEHRFACHE_INITIALISIERUNG);
  if (!is_directory(pluginPfad) || !is_directory(logPfad)) LEAVE(ERIC_GLOBAL_UNGUELTIGER_PARAMETER);
  snprintf(log_path, sizeof log_path, "%s/eric.log", logPfad);
  initialised = 1;
  LEAVE(ERIC_OK);
}

int EricBeende(void) {
  ENTER(ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT);
  initialised = 0;
  LEAVE(ERIC_OK);
}

int EricVersion(EricRueckgabepufferHandle rueckgabeXmlPuffer) {
  ENTER(ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT);
  if (!rueckgabeXmlPuffer) LEAVE(ERIC_GLOBAL_NULL_PARAMETER);
  /* Shaped like ERiC's EricVersion answer (namespace as read by mpm/liberic-ruby,
     lib/liberic/response/version.rb); the product version is comma-separated there. */
  buffer_printf(rueckgabeXmlPuffer,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                "<EricVersion xmlns=\"http://www.elster.de/EricXML/1.0/EricVersion\">"
                "<Bibliothek><Name>libericapi.so</Name><Produktversion>%d, %d, 0, 0</Produktversion>"
                "<Dateiversion>%d, %d, 0, 0 (test double)</Dateiversion></Bibliothek>"
                "</EricVersion>",
                ERIC_MAJOR, ERIC_MINOR, ERIC_MAJOR, ERIC_MINOR);
  LEAVE(ERIC_OK);
}

static const char *error_text(int code) {
  switch (code) {
    case ERIC_OK: return "Verarbeitung fehlerfrei (Testdouble).";
    case ERIC_GLOBAL_PRUEF_FEHLER: return "Die Daten sind nicht plausibel (Testdouble).";
    case ERIC_GLOBAL_DATENARTVERSION_UNBEKANNT: return "Die Datenartversion ist unbekannt (Testdouble).";
    case ERIC_GLOBAL_DATENARTVERSION_XML_INKONSISTENT: return "Datenartversion und XML passen nicht zusammen (Testdouble).";
    case ERIC_GLOBAL_UNGUELTIGE_PARAMETER_VERSION: return "Ungueltige Version einer Parameterstruktur (Testdouble).";
    case ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT: return "Gleichzeitige Aufrufe werden nicht unterstuetzt (Testdouble).";
    case ERIC_TRANSFER_ERR_CONNECTSERVER: return "Verbindung zum Server nicht moeglich (Testdouble).";
    case ERIC_TRANSFER_ERR_TIMEOUT: return "Zeitueberschreitung beim Warten auf die Serverantwort (Testdouble).";
    case ERIC_TRANSFER_ERR_XML_THEADER: return "Die Serverantwort enthaelt Fehler im TransferHeader (Testdouble).";
    case ERIC_CRYPT_E_PSE_PATH: return "Zertifikat nicht gefunden (Testdouble).";
    case ERIC_CRYPT_E_PIN_WRONG: return "Die PIN ist falsch (Testdouble).";
    default: return "Fehler (Testdouble).";
  }
}

int EricHoleFehlerText(int fehlerkode, EricRueckgabepufferHandle rueckgabePuffer) {
  ENTER(ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT);
  if (!rueckgabePuffer) LEAVE(ERIC_GLOBAL_NULL_PARAMETER);
  const char *text = error_text(fehlerkode);
  buffer_set(rueckgabePuffer, text, strlen(text));
  LEAVE(ERIC_OK);
}

/* ---- certificates ------------------------------------------------------------------------ */

static int new_handle(EricZertifikatHandle *hToken, uint64_t container) {
  for (size_t i = 0; i < sizeof open_handles / sizeof open_handles[0]; i++) {
    if (open_handles[i] == 0) {
      open_handles[i] = next_handle++;
      handle_containers[i] = container;
      *hToken = open_handles[i];
      return ERIC_OK;
    }
  }
  return ERIC_GLOBAL_UNGUELTIGER_PARAMETER;
}

int EricGetHandleToCertificate(EricZertifikatHandle *hToken, uint32_t *iInfoPinSupport, const byteChar *pathToKeystore) {
  ENTER(ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT);
  if (!initialised) LEAVE(ERIC_GLOBAL_NICHT_INITIALISIERT);
  if (!hToken || !pathToKeystore) LEAVE(ERIC_GLOBAL_NULL_PARAMETER);
  /* Read whole at opening, so a file removed right after is no loss. */
  FILE *file = fopen(pathToKeystore, "rb");
  if (!file) LEAVE(ERIC_CRYPT_E_PSE_PATH);
  /* On the heap: koffi's worker threads have small stacks. */
  size_t capacity = 128 * 1024;
  uint8_t *bytes = malloc(capacity);
  size_t size = fread(bytes, 1, capacity, file);
  fclose(file);
  uint64_t container = container_hash(bytes, size);
  free(bytes);
  if (iInfoPinSupport) *iInfoPinSupport = 1;
  LEAVE(new_handle(hToken, container));
}

#if ERIC_MAJOR >= 43
/* ERiC 43 on (ericapi.h of 43.2.6): the PKCS#12 container from memory, opened with its PIN. */
int EricZertifikatOeffnenAusBytes(EricZertifikatHandle *hToken, const byteChar *pkcs12Container, uint32_t containerGroesse, const byteChar *pkcs12Passwort) {
  ENTER(ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT);
  if (!initialised) LEAVE(ERIC_GLOBAL_NICHT_INITIALISIERT);
  if (!hToken || !pkcs12Container || !pkcs12Passwort) LEAVE(ERIC_GLOBAL_NULL_PARAMETER);
  uint64_t container = container_hash((const uint8_t *)pkcs12Container, containerGroesse);
  if (!pin_opens(container, pkcs12Passwort)) LEAVE(ERIC_CRYPT_E_PIN_WRONG);
  LEAVE(new_handle(hToken, container));
}
#endif

/* The slot of an open handle, or -1. */
static int handle_slot(EricZertifikatHandle handle) {
  for (size_t i = 0; i < sizeof open_handles / sizeof open_handles[0]; i++)
    if (handle != 0 && open_handles[i] == handle) return (int)i;
  return -1;
}

int EricCloseHandleToCertificate(EricZertifikatHandle hToken) {
  ENTER(ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT);
  for (size_t i = 0; i < sizeof open_handles / sizeof open_handles[0]; i++) {
    if (hToken != 0 && open_handles[i] == hToken) {
      open_handles[i] = 0;
      LEAVE(ERIC_OK);
    }
  }
  LEAVE(ERIC_CRYPT_E_INVALID_HANDLE);
}

/* ---- small XML helpers (the double builds only fixed shapes) ----------------------------- */

/* Copies the text of the first <name>…</name> into out; empty when absent. */
static void element_text(const char *xml, const char *name, char *out, size_t size) {
  char open[64], close[64];
  snprintf(open, sizeof open, "<%s>", name);
  snprintf(close, sizeof close, "</%s>", name);
  out[0] = 0;
  const char *start = strstr(xml, open);
  if (!start) return;
  start += strlen(open);
  const char *end = strstr(start, close);
  if (!end) return;
  size_t length = (size_t)(end - start) < size - 1 ? (size_t)(end - start) : size - 1;
  memcpy(out, start, length);
  out[length] = 0;
}

/* Copies the text of the Empfaenger element (it carries an attribute). */
/* The recipient of the NutzdatenHeader: its id ("F" a tax office, "L" the ZM's Bundeszentralamt) and its code. */
static void empfaenger_text(const char *xml, char *id, char *out, size_t size) {
  out[0] = 0;
  strcpy(id, "F");
  const char *start = strstr(xml, "<Empfaenger id=\"");
  if (!start || !start[16] || start[17] != '"' || start[18] != '>') return;
  id[0] = start[16];
  start += strlen("<Empfaenger id=\"F\">");
  const char *end = strstr(start, "</Empfaenger>");
  if (!end) return;
  size_t length = (size_t)(end - start) < size - 1 ? (size_t)(end - start) : size - 1;
  memcpy(out, start, length);
  out[length] = 0;
}

static char *escaped(const char *text) {
  size_t length = 0;
  for (const char *c = text; *c; c++) length += *c == '&' ? 5 : (*c == '<' || *c == '>') ? 4 : *c == '"' ? 6 : 1;
  char *out = malloc(length + 1), *o = out;
  for (const char *c = text; *c; c++) {
    if (*c == '&') o += sprintf(o, "&amp;");
    else if (*c == '<') o += sprintf(o, "&lt;");
    else if (*c == '>') o += sprintf(o, "&gt;");
    else if (*c == '"') o += sprintf(o, "&quot;");
    else *o++ = *c;
  }
  *o = 0;
  return out;
}

/* ---- EricCreateTH ------------------------------------------------------------------------- */

/* Each Datenart and its Verfahren (ERiC's Datenartversionmatrix.xml); NULL for one ERiC does not know. */
static const char *verfahren_of(const char *datenart) {
  static const char *const pairs[][2] = {{"UStVA", "ElsterAnmeldung"}, {"LStA", "ElsterAnmeldung"}, {"ESt", "ElsterErklaerung"}, {"USt", "ElsterErklaerung"}, {"ZMDO", "ElsterExtern"},
                                               {"PostfachAnfrage", "ElsterDatenabholung"}, {"PostfachBestaetigung", "ElsterDatenabholung"},
                                               {"Statusabfrage", "ElsterDatenabholung"}};
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    if (strcmp(datenart, pairs[i][0]) == 0) return pairs[i][1];
  return NULL;
}

int EricCreateTH(const char *xml, const char *verfahren, const char *datenart, const char *vorgang, const char *testmerker,
                 const char *herstellerId, const char *datenLieferant, const char *versionClient, const byteChar *publicKey,
                 EricRueckgabepufferHandle xmlRueckgabePuffer) {
  ENTER(ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT);
  (void)versionClient;
  (void)publicKey;
  if (!initialised) LEAVE(ERIC_GLOBAL_NICHT_INITIALISIERT);
  if (!xml || !verfahren || !datenart || !vorgang || !herstellerId || !datenLieferant || !xmlRueckgabePuffer)
    LEAVE(ERIC_GLOBAL_NULL_PARAMETER);
  const char *expected_verfahren = verfahren_of(datenart);
  if (!expected_verfahren || strcmp(verfahren, expected_verfahren) != 0 || strcmp(vorgang, "send-Auth") != 0 ||
      (testmerker && strcmp(testmerker, "700000004") != 0) || strlen(herstellerId) != 5 || strlen(datenLieferant) == 0)
    LEAVE(ERIC_GLOBAL_UNGUELTIGER_PARAMETER);

  const char *root = strstr(xml, "<Elster");
  const char *root_end = root ? strchr(root, '>') : NULL;
  if (!root_end || !strstr(xml, "<DatenTeil>") || strstr(xml, "<TransferHeader")) LEAVE(ERIC_GLOBAL_UNGUELTIGER_PARAMETER);

  char *lieferant = escaped(datenLieferant);
  char testmerker_element[64] = "";
  if (testmerker) snprintf(testmerker_element, sizeof testmerker_element, "<Testmerker>%s</Testmerker>", testmerker);
  buffer_printf(xmlRueckgabePuffer,
                "%.*s<TransferHeader version=\"11\"><Verfahren>%s</Verfahren><DatenArt>%s</DatenArt><Vorgang>%s</Vorgang>"
                "%s<HerstellerID>%s</HerstellerID><DatenLieferant>%s</DatenLieferant>"
                "<Datei><Verschluesselung>CMSEncryptedData</Verschluesselung><Kompression>GZIP</Kompression>"
                "<TransportSchluessel></TransportSchluessel></Datei></TransferHeader>%s",
                (int)(root_end + 1 - xml), xml, verfahren, datenart, vorgang, testmerker_element, herstellerId, lieferant,
                root_end + 1);
  free(lieferant);
  LEAVE(ERIC_OK);
}

/* ---- the server's answer and the protocol ------------------------------------------------- */

/* German local time (CET/CEST), as ELSTER reports its receipt time: summer time runs from 01:00 UTC
   on the last Sunday of March to 01:00 UTC on the last Sunday of October. */
static void german_time(char *out, size_t size) {
  time_t now = time(NULL);
  struct tm utc;
  gmtime_r(&now, &utc);
  int year = utc.tm_year + 1900;
  struct tm probe = {0};
  probe.tm_year = year - 1900;
  probe.tm_mon = 2;
  probe.tm_mday = 31;
  probe.tm_hour = 1;
  time_t march = timegm(&probe);
  struct tm march_tm;
  gmtime_r(&march, &march_tm);
  march -= (time_t)march_tm.tm_wday * 86400;
  probe.tm_mon = 9;
  time_t october = timegm(&probe);
  struct tm october_tm;
  gmtime_r(&october, &october_tm);
  october -= (time_t)october_tm.tm_wday * 86400;
  time_t local = now + (now >= march && now < october ? 7200 : 3600);
  struct tm local_tm;
  gmtime_r(&local, &local_tm);
  strftime(out, size, "%Y%m%d%H%M%S", &local_tm);
}

static void new_transfer_ticket(char *out) {
  static const char alphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  unsigned long long seed = (unsigned long long)time(NULL) * 6364136223846793005ULL + (unsigned long long)getpid() * 1442695040888963407ULL +
                            ++ticket_counter * 2862933555777941757ULL + (unsigned long long)(uintptr_t)out;
  for (int i = 0; i < 32; i++) {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    out[i] = alphabet[(seed >> 33) % 36];
  }
  out[32] = 0;
}

static void server_answer(EricRueckgabepufferHandle buffer, const char *request, const char *ticket, int code, const char *text) {
  char verfahren[64], datenart[32], testmerker[32], hersteller[16], bufa[16], received[16], empfaenger_id[2];
  element_text(request, "Verfahren", verfahren, sizeof verfahren);
  element_text(request, "DatenArt", datenart, sizeof datenart);
  element_text(request, "Testmerker", testmerker, sizeof testmerker);
  element_text(request, "HerstellerID", hersteller, sizeof hersteller);
  empfaenger_text(request, empfaenger_id, bufa, sizeof bufa);
  german_time(received, sizeof received);
  char ticket_element[96] = "", testmerker_element[64] = "";
  if (ticket) snprintf(ticket_element, sizeof ticket_element, "<TransferTicket>%s</TransferTicket>", ticket);
  if (testmerker[0]) snprintf(testmerker_element, sizeof testmerker_element, "<Testmerker>%s</Testmerker>", testmerker);
  buffer_printf(buffer,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                "<Elster xmlns=\"http://www.elster.de/elsterxml/schema/v11\">"
                "<TransferHeader version=\"11\"><Verfahren>%s</Verfahren><DatenArt>%s</DatenArt><Vorgang>send-Auth</Vorgang>"
                "%s%s<HerstellerID>%s</HerstellerID><DatenLieferant>ERiC test double, not ELSTER</DatenLieferant>"
                "<EingangsDatum>%s</EingangsDatum>"
                "<RC><Rueckgabe><Code>%d</Code><Text>%s</Text></Rueckgabe></RC></TransferHeader>"
                "<DatenTeil><Nutzdatenblock><NutzdatenHeader version=\"11\"><NutzdatenTicket>1</NutzdatenTicket>"
                "<Empfaenger id=\"%s\">%s</Empfaenger>"
                "<RC><Rueckgabe><Code>%d</Code><Text>%s</Text></Rueckgabe></RC></NutzdatenHeader>"
                "</Nutzdatenblock></DatenTeil></Elster>",
                verfahren, datenart, ticket_element, testmerker_element, hersteller, received, code, text, empfaenger_id, bufa, code, text);
}

/* A one-page PDF naming the transfer ticket, with a correct cross-reference table. */
static size_t protocol_pdf(char *out, size_t size, const char *ticket) {
  char content[256];
  int content_length = snprintf(content, sizeof content,
                                "BT /F1 12 Tf 72 770 Td (ERiC test double - nothing was sent to ELSTER) Tj "
                                "0 -18 Td (Transfer ticket: %s) Tj ET",
                                ticket);
  const char *objects[5];
  char page_object[256], content_object[400];
  objects[0] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[1] = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
  snprintf(page_object, sizeof page_object,
           "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>");
  objects[2] = page_object;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
  snprintf(content_object, sizeof content_object, "<< /Length %d >>\nstream\n%s\nendstream", content_length, content);
  objects[4] = content_object;

  size_t length = (size_t)snprintf(out, size, "%%PDF-1.4\n");
  long offsets[5];
  for (int i = 0; i < 5; i++) {
    offsets[i] = (long)length;
    length += (size_t)snprintf(out + length, size - length, "%d 0 obj\n%s\nendobj\n", i + 1, objects[i]);
  }
  long xref = (long)length;
  length += (size_t)snprintf(out + length, size - length, "xref\n0 6\n0000000000 65535 f \n");
  for (int i = 0; i < 5; i++) length += (size_t)snprintf(out + length, size - length, "%010ld 00000 n \n", offsets[i]);
  length += (size_t)snprintf(out + length, size - length, "trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n%ld\n%%%%EOF\n", xref);
  return length;
}

static int print_protocol(const eric_druck_parameter_t *druck, const char *ticket) {
  char pdf[2048];
  size_t length = protocol_pdf(pdf, sizeof pdf, ticket);
  EricPdfCallback callback = DRUCK_CALLBACK(druck);
  if (callback) return callback("Uebertragungsprotokoll", (const uint8_t *)pdf, (uint32_t)length, druck->pdfCallbackBenutzerdaten) == 0
                           ? ERIC_OK
                           : ERIC_PRINT_UNGUELTIGER_DATEI_PFAD;
  FILE *file = fopen(druck->pdfName, "wb");
  if (!file) return ERIC_PRINT_UNGUELTIGER_DATEI_PFAD;
  fwrite(pdf, 1, length, file);
  fclose(file);
  return ERIC_OK;
}

/* ---- EricBearbeiteVorgang ----------------------------------------------------------------- */

static int check_druck(const eric_druck_parameter_t *druck) {
  if (!DRUCK_VERSION_OK(druck->version)) return ERIC_GLOBAL_UNGUELTIGE_PARAMETER_VERSION;
  if (druck->vorschau > 1 || druck->duplexDruck > 1) return ERIC_GLOBAL_UNGUELTIGER_PARAMETER;
#if ERIC_MAJOR <= 40
  if (druck->ersteSeite > 1) return ERIC_GLOBAL_UNGUELTIGER_PARAMETER;
#endif
  if (!DRUCK_CALLBACK(druck) && (!druck->pdfName || !druck->pdfName[0])) return ERIC_GLOBAL_UNGUELTIGER_PARAMETER;
  return ERIC_OK;
}

static int check_crypto(const eric_verschluesselungs_parameter_t *crypto) {
  if (crypto->version != CRYPT_VERSION) return ERIC_GLOBAL_UNGUELTIGE_PARAMETER_VERSION;
#if ERIC_MAJOR <= 40
  if (crypto->abrufCode) return ERIC_GLOBAL_UNGUELTIGER_PARAMETER;
#endif
  int slot = handle_slot(crypto->zertifikatHandle);
  if (slot < 0) return ERIC_CRYPT_E_INVALID_HANDLE;
  if (!pin_opens(handle_containers[slot], crypto->pin)) return ERIC_CRYPT_E_PIN_WRONG;
  return ERIC_OK;
}

static int is_datenabholung(const char *xml) { return strstr(xml, "<Verfahren>ElsterDatenabholung</Verfahren>") != NULL; }

/* Whether `id` is a line of the file at `path`. */
static int listed_in(const char *path, const char *id) {
  FILE *file = fopen(path, "r");
  if (!file) return 0;
  char line[128];
  int found = 0;
  while (!found && fgets(line, sizeof line, file)) {
    line[strcspn(line, "\n")] = 0;
    found = strcmp(line, id) == 0;
  }
  fclose(file);
  return found;
}

/* Removes from `content` each <Bereitstellung id="..."> ... </Bereitstellung> whose ID the file at `path` lists. */
static size_t without_confirmed(char *content, size_t length, const char *path) {
  char *at = content;
  while ((at = strstr(at, "<Bereitstellung id=\"")) != NULL) {
    char id[64];
    const char *start = at + strlen("<Bereitstellung id=\"");
    size_t n = strcspn(start, "\"");
    snprintf(id, sizeof id, "%.*s", (int)(n < sizeof id ? n : sizeof id - 1), start);
    char *end = strstr(at, "</Bereitstellung>");
    if (!end || !listed_in(path, id)) {
      at++;
      continue;
    }
    end += strlen("</Bereitstellung>");
    memmove(at, end, length - (size_t)(end - content) + 1);
    length -= (size_t)(end - at);
  }
  return length;
}

/* PostfachBestaetigung against the confirmations kept in ERIC_DOUBLE_CONFIRMATIONS: a record is confirmed
   once (code 0, its ID appended to the file), and then is not found (194346573). ERIC_DOUBLE_CONFIRM_HOLD_MS
   holds the request before the server takes it, ERIC_DOUBLE_CONFIRMED_HOLD_MS after. */
static int confirm_answer(const char *xml, const char *path, EricRueckgabepufferHandle serverantwort) {
  const char *before = getenv("ERIC_DOUBLE_CONFIRM_HOLD_MS"), *after = getenv("ERIC_DOUBLE_CONFIRMED_HOLD_MS");
  if (before) usleep((useconds_t)strtoul(before, NULL, 10) * 1000);
  char *results = calloc(1, 64 * 1024);
  size_t used = 0;
  for (const char *at = xml; (at = strstr(at, "<Bereitstellung id=\"")) != NULL; at++) {
    char id[64];
    const char *start = at + strlen("<Bereitstellung id=\"");
    size_t n = strcspn(start, "\"");
    snprintf(id, sizeof id, "%.*s", (int)(n < sizeof id ? n : sizeof id - 1), start);
    int known = listed_in(path, id);
    if (!known) {
      FILE *file = fopen(path, "a");
      if (file) {
        fprintf(file, "%s\n", id);
        fclose(file);
      }
    }
    used += (size_t)snprintf(results + used, 64 * 1024 - used, "<Bereitstellung id=\"%s\"><Rueckgabe><Code>%s</Code><Text>%s</Text></Rueckgabe></Bereitstellung>", id,
                             known ? "194346573" : "0", known ? "nicht gefunden (Testdouble)" : "bestaetigt (Testdouble)");
  }
  if (after) usleep((useconds_t)strtoul(after, NULL, 10) * 1000);
  buffer_printf(serverantwort,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Elster xmlns=\"http://www.elster.de/elsterxml/schema/v11\"><TransferHeader version=\"11\">"
                "<Verfahren>ElsterDatenabholung</Verfahren><DatenArt>PostfachBestaetigung</DatenArt><Vorgang>send-Auth</Vorgang><TransferTicket>tt1</TransferTicket>"
                "<RC><Rueckgabe><Code>0</Code><Text>Ihr Request wurde bearbeitet</Text></Rueckgabe></RC></TransferHeader>"
                "<DatenTeil><Nutzdatenblock><NutzdatenHeader version=\"11\"><NutzdatenTicket>1</NutzdatenTicket><Empfaenger id=\"L\">CS</Empfaenger></NutzdatenHeader>"
                "<Nutzdaten><Datenabholung xmlns=\"http://finkonsens.de/elster/elsterdatenabholung/v3\" version=\"31\">"
                "<PostfachBestaetigungAntwort><Bereitstellungen>%s</Bereitstellungen></PostfachBestaetigungAntwort></Datenabholung></Nutzdaten></Nutzdatenblock></DatenTeil></Elster>",
                results);
  free(results);
  return ERIC_OK;
}

/* ELSTER's answer to a Datenabholung request: the file named after its Datenart in ERIC_DOUBLE_DATENABHOLUNG_DIR,
   less the records confirmed, when ERIC_DOUBLE_CONFIRMATIONS keeps them. */
static int datenabholung_answer(const char *xml, EricRueckgabepufferHandle serverantwort) {
  const char *dir = getenv("ERIC_DOUBLE_DATENABHOLUNG_DIR");
  const char *confirmations = getenv("ERIC_DOUBLE_CONFIRMATIONS");
  char datenart[32], path[1024];
  element_text(xml, "DatenArt", datenart, sizeof datenart);
  if (!dir) return ERIC_TRANSFER_ERR_CONNECTSERVER;
  if (confirmations && strcmp(datenart, "PostfachBestaetigung") == 0) return confirm_answer(xml, confirmations, serverantwort);
  snprintf(path, sizeof path, "%s/%s.xml", dir, datenart);
  FILE *file = fopen(path, "rb");
  if (!file) return ERIC_TRANSFER_ERR_CONNECTSERVER;
  char *content = malloc(4 * 1024 * 1024);
  size_t length = fread(content, 1, 4 * 1024 * 1024 - 1, file);
  fclose(file);
  content[length] = 0;
  if (confirmations && strcmp(datenart, "PostfachAnfrage") == 0) length = without_confirmed(content, length, confirmations);
  buffer_set(serverantwort, content, length);
  free(content);
  return ERIC_OK;
}

/* The Datenart version (e.g. UStVA_2026, or ZMDO, whose one version has no year) must name the DatenArt of the TransferHeader. */
static int check_datenart(const char *xml, const char *datenartVersion) {
  char datenart[32];
  element_text(xml, "DatenArt", datenart, sizeof datenart);
  if (strcmp(datenartVersion, "ZMDO") == 0) return strcmp(datenart, "ZMDO") == 0 ? ERIC_OK : ERIC_GLOBAL_DATENARTVERSION_XML_INKONSISTENT;
  const char *underscore = strchr(datenartVersion, '_');
  int abholung = is_datenabholung(xml);
  if (!underscore || (abholung ? strcmp(underscore + 1, "31") != 0 : strlen(underscore + 1) != 4 || strncmp(underscore + 1, "20", 2) != 0))
    return ERIC_GLOBAL_DATENARTVERSION_UNBEKANNT;
  if (strlen(datenart) != (size_t)(underscore - datenartVersion) || strncmp(datenart, datenartVersion, strlen(datenart)) != 0)
    return ERIC_GLOBAL_DATENARTVERSION_XML_INKONSISTENT;
  return ERIC_OK;
}

static int bearbeite(const char *datenpuffer, const char *datenartVersion, uint32_t flags, const eric_druck_parameter_t *druck,
                     const eric_verschluesselungs_parameter_t *crypto, EricRueckgabepufferHandle rueckgabe,
                     EricRueckgabepufferHandle serverantwort) {
  log_vorgang(datenartVersion, datenpuffer);
  /* ERiC takes a while over a Vorgang; the pause gives overlapping calls the chance to meet.
     ERIC_DOUBLE_SEND_MS stands for ELSTER's answer time on a send. */
  usleep(10 * 1000);
  const char *send_ms = getenv("ERIC_DOUBLE_SEND_MS");
  if (send_ms && (flags & ERIC_SENDE)) usleep((useconds_t)strtoul(send_ms, NULL, 10) * 1000);
  if (!initialised) return ERIC_GLOBAL_NICHT_INITIALISIERT;
  if (!datenpuffer || !datenartVersion || !rueckgabe || !serverantwort) return ERIC_GLOBAL_NULL_PARAMETER;
  if (flags == 0 || (flags & ~(ERIC_VALIDIERE | ERIC_SENDE | ERIC_DRUCKE | ERIC_PRUEFE_HINWEISE))) return ERIC_GLOBAL_UNGUELTIGE_FLAG_KOMBINATION;
  if ((flags & ERIC_DRUCKE) && !(flags & ERIC_SENDE)) return ERIC_GLOBAL_UNGUELTIGE_FLAG_KOMBINATION;
  if ((flags & ERIC_SENDE) && !crypto) return ERIC_GLOBAL_VERSCHLUESSELUNGS_PARAMETER_NICHT_ANGEGEBEN;
  if ((flags & ERIC_DRUCKE) && !druck) return ERIC_GLOBAL_UNGUELTIGER_PARAMETER;
  if (!(flags & ERIC_DRUCKE) && druck) return ERIC_GLOBAL_UNGUELTIGER_PARAMETER;
  if (druck) {
    int rc = check_druck(druck);
    if (rc) return rc;
  }
  if (!strstr(datenpuffer, "<TransferHeader")) return ERIC_GLOBAL_UNGUELTIGER_PARAMETER;
  int rc = check_datenart(datenpuffer, datenartVersion);
  if (rc) return rc;

  buffer_set(rueckgabe, "", 0);
  buffer_set(serverantwort, "", 0);
  if (strstr(datenpuffer, "ERIC-DOUBLE:PLAUSI")) {
    /* Shaped like the example in ERiC's ericapi.h (EricBearbeiteVorgang, Plausibilitaetsfehler). */
    buffer_printf(rueckgabe,
                  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                  "<EricBearbeiteVorgang xmlns=\"http://www.elster.de/EricXML/1.0/EricBearbeiteVorgang\">"
                  "<FehlerRegelpruefung><Nutzdatenticket>1</Nutzdatenticket><Feldidentifikator>Kz83</Feldidentifikator>"
                  "<Mehrfachzeilenindex>1</Mehrfachzeilenindex><LfdNrVordruck>1</LfdNrVordruck>"
                  "<RegelName>TestdoubleRegelKz83</RegelName><FachlicheFehlerId>9995</FachlicheFehlerId>"
                  "<Text>Kz83 passt nicht zur Summe (Testdouble).</Text></FehlerRegelpruefung>"
                  "<FehlerRegelpruefung><Nutzdatenticket>1</Nutzdatenticket>"
                  "<RegelName>TestdoubleRegelAllgemein</RegelName><FachlicheFehlerId>9996</FachlicheFehlerId>"
                  "<Text>Allgemeiner Fehler &amp; Hinweis (Testdouble).</Text></FehlerRegelpruefung>"
                  "</EricBearbeiteVorgang>");
    return ERIC_GLOBAL_PRUEF_FEHLER;
  }
  if (!(flags & ERIC_SENDE)) {
    buffer_printf(rueckgabe, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                             "<EricBearbeiteVorgang xmlns=\"http://www.elster.de/EricXML/1.0/EricBearbeiteVorgang\"/>");
    return ERIC_OK;
  }

  rc = check_crypto(crypto);
  if (rc) return rc;
  if (strstr(datenpuffer, "ERIC-DOUBLE:CONNECT")) return ERIC_TRANSFER_ERR_CONNECTSERVER;

  atomic_fetch_add(&sends, 1);
  count_send(handle_containers[handle_slot(crypto->zertifikatHandle)]);
  if (is_datenabholung(datenpuffer)) return (flags & ERIC_DRUCKE) ? ERIC_GLOBAL_UNGUELTIGE_FLAG_KOMBINATION : datenabholung_answer(datenpuffer, serverantwort);
  char ticket[33];
  new_transfer_ticket(ticket);
  if (strstr(datenpuffer, "ERIC-DOUBLE:TIMEOUT")) {
    server_answer(serverantwort, datenpuffer, ticket, 0, "Daten wurden erfolgreich angenommen (Testdouble).");
    /* The answer broke off in the middle. */
    serverantwort->length /= 3;
    serverantwort->data[serverantwort->length] = 0;
    return ERIC_TRANSFER_ERR_TIMEOUT;
  }
  if (strstr(datenpuffer, "ERIC-DOUBLE:REFUSED")) {
    server_answer(serverantwort, datenpuffer, NULL, 99, "Die Datenlieferung wurde abgewiesen (Testdouble).");
    return ERIC_TRANSFER_ERR_XML_THEADER;
  }
  int unclear = strstr(datenpuffer, "ERIC-DOUBLE:UNCLEAR") != NULL;
  server_answer(serverantwort, datenpuffer, unclear ? NULL : ticket, 0, "Daten wurden erfolgreich angenommen (Testdouble).");
  buffer_printf(rueckgabe, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                           "<EricBearbeiteVorgang xmlns=\"http://www.elster.de/EricXML/1.0/EricBearbeiteVorgang\">"
                           "<Erfolg><Telenummer>T01</Telenummer></Erfolg></EricBearbeiteVorgang>");
  if (flags & ERIC_DRUCKE) return print_protocol(druck, ticket);
  return ERIC_OK;
}

#if ERIC_MAJOR >= 44
int EricBearbeiteVorgang(const char *datenpuffer, const char *datenartVersion, uint32_t bearbeitungsFlags,
                         const eric_druck_parameter_t *druckParameter, const eric_verschluesselungs_parameter_t *cryptoParameter,
                         EricRueckgabepufferHandle rueckgabeXmlPuffer, EricRueckgabepufferHandle serverantwortXmlPuffer) {
  ENTER(ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT);
  int rc = bearbeite(datenpuffer, datenartVersion, bearbeitungsFlags, druckParameter, cryptoParameter, rueckgabeXmlPuffer,
                     serverantwortXmlPuffer);
  LEAVE(rc);
}
#else
int EricBearbeiteVorgang(const char *datenpuffer, const char *datenartVersion, uint32_t bearbeitungsFlags,
                         const eric_druck_parameter_t *druckParameter, const eric_verschluesselungs_parameter_t *cryptoParameter,
                         EricTransferHandle *transferHandle, EricRueckgabepufferHandle rueckgabeXmlPuffer,
                         EricRueckgabepufferHandle serverantwortXmlPuffer) {
  ENTER(ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT);
  /* Only the Datenabholung uses a transfer handle, filled in when it is 0; for everything else ERiC expects NULL. */
  int abholung = datenpuffer && is_datenabholung(datenpuffer);
  if (abholung && transferHandle && *transferHandle == 0) *transferHandle = 977163844;
  int rc = (transferHandle != NULL) != abholung ? ERIC_GLOBAL_UNGUELTIGER_PARAMETER
                                                : bearbeite(datenpuffer, datenartVersion, bearbeitungsFlags, druckParameter, cryptoParameter,
                                                            rueckgabeXmlPuffer, serverantwortXmlPuffer);
  LEAVE(rc);
}
#endif

/* ---- EricGetErrormessagesFromXMLAnswer ---------------------------------------------------- */

int EricGetErrormessagesFromXMLAnswer(const char *xml, EricRueckgabepufferHandle transferticketPuffer,
                                      EricRueckgabepufferHandle returncodeTHPuffer, EricRueckgabepufferHandle fehlertextTHPuffer,
                                      EricRueckgabepufferHandle returncodesUndFehlertexteNDHXmlPuffer) {
  ENTER(ERIC_GLOBAL_MEHRFACHAUFRUFE_NICHT_UNTERSTUETZT);
  if (!xml || !transferticketPuffer || !returncodeTHPuffer || !fehlertextTHPuffer || !returncodesUndFehlertexteNDHXmlPuffer)
    LEAVE(ERIC_GLOBAL_NULL_PARAMETER);
  char ticket[64], code[16], text[256];
  element_text(xml, "TransferTicket", ticket, sizeof ticket);
  const char *header_end = strstr(xml, "</TransferHeader>");
  const char *rc = strstr(xml, "<RC>");
  if (rc && header_end && rc < header_end) {
    element_text(rc, "Code", code, sizeof code);
    element_text(rc, "Text", text, sizeof text);
  } else {
    code[0] = text[0] = 0;
  }
  buffer_set(transferticketPuffer, ticket, strlen(ticket));
  buffer_set(returncodeTHPuffer, code, strlen(code));
  buffer_set(fehlertextTHPuffer, text, strlen(text));
  char ndh_code[16] = "", ndh_text[256] = "";
  const char *ndh = header_end ? strstr(header_end, "<NutzdatenHeader") : NULL;
  if (ndh) {
    element_text(ndh, "Code", ndh_code, sizeof ndh_code);
    element_text(ndh, "Text", ndh_text, sizeof ndh_text);
  }
  if (ndh_code[0] && strcmp(ndh_code, "0") != 0)
    buffer_printf(returncodesUndFehlertexteNDHXmlPuffer,
                  "<EricGetErrormessagesFromXMLAnswer xmlns=\"http://www.elster.de/EricXML/1.0/EricGetErrormessagesFromXMLAnswer\">"
                  "<Fehler><Code>%s</Code><Meldung>%s</Meldung></Fehler></EricGetErrormessagesFromXMLAnswer>",
                  ndh_code, ndh_text);
  else
    buffer_printf(returncodesUndFehlertexteNDHXmlPuffer,
                  "<EricGetErrormessagesFromXMLAnswer xmlns=\"http://www.elster.de/EricXML/1.0/EricGetErrormessagesFromXMLAnswer\"/>");
  LEAVE(ERIC_OK);
}
