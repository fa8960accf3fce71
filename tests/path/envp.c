/* main's environment is symplex's own; a native replay started alike must
 * see the same one, entry for entry (not symplex-replay's variables, nor
 * bash's SHLVL and _): the loop makes one decision per entry. */
extern int __VERIFIER_nondet_int(void);

int main(int argc, char **argv, char **envp) {
    int n = 0;
    while (envp[n])
        n++;
    int x = __VERIFIER_nondet_int();
    return x > n ? 1 : 0;
}
