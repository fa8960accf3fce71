/* ir_flags: the nsw/nuw/exact flags of an integer instruction.
 *
 * The LLVM 16 C API has no accessor for them (LLVMGetNSW and its kin came
 * with LLVM 17), so they are read from LLVM's printing of the instruction.
 * What is printed decides the cost. Printing a value that lives in a module
 * first makes LLVM's SlotTracker number what it may refer to: the module's
 * globals and named metadata for an instruction in place, and every
 * function's metadata for a whole function. Printing each function or each
 * instruction where it stands is thus linear per print and quadratic over a
 * module (du's 1.3 MB of bitcode took 30 s to lower that way). A clone
 * has no parent, and with undef operands nothing local to number either: its
 * printing costs its one line, and it carries the original's flags. */
#include "ir/ir_internal.h"
#include <string.h>

/* The flags after "<result> = OPCODE " in line; false unless the opcode
 * printed is the one expected, so that a layout this parser does not know
 * cannot pass for "no flags". */
static bool parse_flags(const char *line, const char *opcode, uint8_t *flags) {
    const char *p = strstr(line, " = ");
    size_t n = strlen(opcode);
    if (!p || strncmp(p + 3, opcode, n) != 0 || p[3 + n] != ' ') return false;
    *flags = 0;
    for (p += 3 + n + 1;; p = strchr(p, ' ') + 1) {
        if (strncmp(p, "nsw ", 4) == 0) *flags |= IR_FLAG_NSW;
        else if (strncmp(p, "nuw ", 4) == 0) *flags |= IR_FLAG_NUW;
        else if (strncmp(p, "exact ", 6) == 0) *flags |= IR_FLAG_EXACT;
        else return true;
    }
}

bool irflags_read(LLVMValueRef inst, uint8_t *flags) {
    LLVMValueRef c = LLVMInstructionClone(inst);
    unsigned n = (unsigned)LLVMGetNumOperands(c);
    for (unsigned k = 0; k < n; k++) LLVMSetOperand(c, k, LLVMGetUndef(LLVMTypeOf(LLVMGetOperand(c, k))));
    char *s = LLVMPrintValueToString(c);
    bool ok = parse_flags(s, irl_opcode_name(LLVMGetInstructionOpcode(inst)), flags);
    LLVMDisposeMessage(s);
    LLVMDeleteInstruction(c);
    return ok;
}
