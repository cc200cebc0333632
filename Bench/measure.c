/* Runs a command and prints its wall-clock seconds and peak resident memory (KiB), from wait4's
 * rusage, so `make bench` needs no GNU time. usage: measure COMMAND ARGS... ; output: "SECONDS KIB" on fd 3,
 * and with MEASURE_CPU=1 in the environment a third field, the child's processor seconds (user + system),
 * which a busy shared machine disturbs far less than the wall clock. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) return 64;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t child = fork();
    if (child == 0) {
        execvp(argv[1], argv + 1);
        perror(argv[1]);
        _exit(127);
    }
    int status;
    struct rusage usage;
    wait4(child, &status, 0, &usage);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9;
    FILE *report = fdopen(3, "w");
    if (!report) report = stderr;
    if (getenv("MEASURE_CPU")) {
        double cpu = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
        fprintf(report, "%.3f %ld %.3f\n", seconds, usage.ru_maxrss, cpu);
    } else {
        fprintf(report, "%.3f %ld\n", seconds, usage.ru_maxrss);
    }
    fclose(report);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
