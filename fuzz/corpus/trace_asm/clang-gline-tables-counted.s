	.text
	.file	"counted.c"
	.globl	main                            # -- Begin function main
	.p2align	4, 0x90
	.type	main,@function
main:                                   # @main
.Lfunc_begin0:
	.file	0 "/lineup" "tests/trace/fixtures/counted.c" md5 0x7fce934bc7fdd4dde0e3fbd820da5934
	.loc	0 40 0                          # tests/trace/fixtures/counted.c:40:0
	.cfi_startproc
# %bb.0:
	pushq	%r15
	.cfi_def_cfa_offset 16
	pushq	%r14
	.cfi_def_cfa_offset 24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	subq	$32, %rsp
	.cfi_def_cfa_offset 64
	.cfi_offset %rbx, -32
	.cfi_offset %r14, -24
	.cfi_offset %r15, -16
	movq	56(%rsp), %rdi
	callq	__tsan_func_entry@PLT
.Ltmp0:
	leaq	8(%rsp), %r14
.Ltmp1:
	.loc	0 42 7 prologue_end             # tests/trace/fixtures/counted.c:42:7
	movq	%r14, %rdi
	callq	__tsan_write8@PLT
.Ltmp2:
	movq	$0, 8(%rsp)
	.loc	0 44 2                          # tests/trace/fixtures/counted.c:44:2
	leaq	writer(%rip), %rdx
	leaq	24(%rsp), %rbx
	movq	%rbx, %rdi
	xorl	%esi, %esi
	xorl	%ecx, %ecx
	callq	pthread_create@PLT
.Ltmp3:
	.loc	0 45 2                          # tests/trace/fixtures/counted.c:45:2
	leaq	reader(%rip), %rdx
	leaq	16(%rsp), %r15
	movq	%r15, %rdi
	xorl	%esi, %esi
	movq	%r14, %rcx
	callq	pthread_create@PLT
.Ltmp4:
	.loc	0 46 15                         # tests/trace/fixtures/counted.c:46:15
	movq	%rbx, %rdi
	callq	__tsan_read8@PLT
.Ltmp5:
	movq	24(%rsp), %rdi
	.loc	0 46 2 is_stmt 0                # tests/trace/fixtures/counted.c:46:2
	xorl	%esi, %esi
	callq	pthread_join@PLT
.Ltmp6:
	.loc	0 47 15 is_stmt 1               # tests/trace/fixtures/counted.c:47:15
	movq	%r15, %rdi
	callq	__tsan_read8@PLT
.Ltmp7:
	movq	16(%rsp), %rdi
	.loc	0 47 2 is_stmt 0                # tests/trace/fixtures/counted.c:47:2
	xorl	%esi, %esi
	callq	pthread_join@PLT
.Ltmp8:
	.loc	0 48 18 is_stmt 1               # tests/trace/fixtures/counted.c:48:18
	movq	%r14, %rdi
	callq	__tsan_read8@PLT
.Ltmp9:
	movq	8(%rsp), %rsi
	.loc	0 48 2 is_stmt 0                # tests/trace/fixtures/counted.c:48:2
	leaq	.L.str(%rip), %rdi
	xorl	%eax, %eax
	callq	printf@PLT
.Ltmp10:
	.loc	0 49 2 is_stmt 1                # tests/trace/fixtures/counted.c:49:2
	callq	__tsan_func_exit@PLT
.Ltmp11:
	xorl	%eax, %eax
	addq	$32, %rsp
	.cfi_def_cfa_offset 32
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	retq
.Ltmp12:
.Lfunc_end0:
	.size	main, .Lfunc_end0-main
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function writer
	.type	writer,@function
writer:                                 # @writer
.Lfunc_begin1:
	.loc	0 22 0                          # tests/trace/fixtures/counted.c:22:0
	.cfi_startproc
# %bb.0:
	pushq	%r15
	.cfi_def_cfa_offset 16
	pushq	%r14
	.cfi_def_cfa_offset 24
	pushq	%rbx
	.cfi_def_cfa_offset 32
	.cfi_offset %rbx, -32
	.cfi_offset %r14, -24
	.cfi_offset %r15, -16
	movq	%rdi, %r14
.Ltmp13:
	.loc	0 23 2 prologue_end             # tests/trace/fixtures/counted.c:23:2
	movq	24(%rsp), %rdi
	callq	__tsan_func_entry@PLT
.Ltmp14:
	.loc	0 0 2 is_stmt 0                 # tests/trace/fixtures/counted.c:0:2
	xorl	%ebx, %ebx
	leaq	shared_pair(%rip), %r15
	.p2align	4, 0x90
.LBB1_1:                                # =>This Inner Loop Header: Depth=1
	.loc	0 24 41 is_stmt 1               # tests/trace/fixtures/counted.c:24:41
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
.Ltmp15:
	movq	%rbx, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
.Ltmp16:
	leaq	1(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
.Ltmp17:
	leaq	2(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
.Ltmp18:
	leaq	3(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
.Ltmp19:
	leaq	4(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
.Ltmp20:
	leaq	5(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
.Ltmp21:
	leaq	6(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
.Ltmp22:
	leaq	7(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
.Ltmp23:
	leaq	8(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
.Ltmp24:
	leaq	9(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
.Ltmp25:
	leaq	10(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	movq	%r15, %rdi
	callq	__tsan_write8@PLT
.Ltmp26:
	leaq	11(%rbx), %rax
	movq	%rax, shared_pair(%rip)
	.loc	0 23 21                         # tests/trace/fixtures/counted.c:23:21
	addq	$12, %rbx
	cmpq	$300000, %rbx                   # imm = 0x493E0
	.loc	0 23 2 is_stmt 0                # tests/trace/fixtures/counted.c:23:2
	jne	.LBB1_1
# %bb.2:
	.loc	0 25 2 is_stmt 1                # tests/trace/fixtures/counted.c:25:2
	callq	__tsan_func_exit@PLT
.Ltmp27:
	movq	%r14, %rax
	popq	%rbx
	.cfi_def_cfa_offset 24
	popq	%r14
	.cfi_def_cfa_offset 16
	popq	%r15
	.cfi_def_cfa_offset 8
	retq
.Ltmp28:
.Lfunc_end1:
	.size	writer, .Lfunc_end1-writer
	.cfi_endproc
                                        # -- End function
	.p2align	4, 0x90                         # -- Begin function reader
	.type	reader,@function
reader:                                 # @reader
.Lfunc_begin2:
	.loc	0 29 0                          # tests/trace/fixtures/counted.c:29:0
	.cfi_startproc
# %bb.0:
	pushq	%rbp
	.cfi_def_cfa_offset 16
	pushq	%r15
	.cfi_def_cfa_offset 24
	pushq	%r14
	.cfi_def_cfa_offset 32
	pushq	%r13
	.cfi_def_cfa_offset 40
	pushq	%r12
	.cfi_def_cfa_offset 48
	pushq	%rbx
	.cfi_def_cfa_offset 56
	pushq	%rax
	.cfi_def_cfa_offset 64
	.cfi_offset %rbx, -56
	.cfi_offset %r12, -48
	.cfi_offset %r13, -40
	.cfi_offset %r14, -32
	.cfi_offset %r15, -24
	.cfi_offset %rbp, -16
	movq	%rdi, (%rsp)                    # 8-byte Spill
.Ltmp29:
	.loc	0 32 2 prologue_end             # tests/trace/fixtures/counted.c:32:2
	movq	56(%rsp), %rdi
	callq	__tsan_func_entry@PLT
.Ltmp30:
	.loc	0 0 2 is_stmt 0                 # tests/trace/fixtures/counted.c:0:2
	movl	$200000, %r13d                  # imm = 0x30D40
	xorl	%ebx, %ebx
	leaq	shared_pair+8(%rip), %r15
	leaq	shared_pair+16(%rip), %r12
	.p2align	4, 0x90
.LBB2_1:                                # =>This Inner Loop Header: Depth=1
	.loc	0 33 10 is_stmt 1               # tests/trace/fixtures/counted.c:33:10
	movq	%r15, %rdi
	callq	__tsan_read8@PLT
.Ltmp31:
	movq	shared_pair+8(%rip), %rbp
	.loc	0 34 10                         # tests/trace/fixtures/counted.c:34:10
	movq	%r12, %rdi
	callq	__tsan_read8@PLT
.Ltmp32:
	.loc	0 33 47                         # tests/trace/fixtures/counted.c:33:47
	imulq	shared_pair+16(%rip), %rbp
	.loc	0 33 7 is_stmt 0                # tests/trace/fixtures/counted.c:33:7
	addq	%rbx, %rbp
	.loc	0 33 10                         # tests/trace/fixtures/counted.c:33:10
	movq	%r15, %rdi
	callq	__tsan_read8@PLT
.Ltmp33:
	movq	shared_pair+8(%rip), %rbx
	.loc	0 34 10 is_stmt 1               # tests/trace/fixtures/counted.c:34:10
	movq	%r12, %rdi
	callq	__tsan_read8@PLT
.Ltmp34:
	.loc	0 33 47                         # tests/trace/fixtures/counted.c:33:47
	imulq	shared_pair+16(%rip), %rbx
	.loc	0 33 7 is_stmt 0                # tests/trace/fixtures/counted.c:33:7
	addq	%rbp, %rbx
	.loc	0 33 10                         # tests/trace/fixtures/counted.c:33:10
	movq	%r15, %rdi
	callq	__tsan_read8@PLT
.Ltmp35:
	movq	shared_pair+8(%rip), %rbp
	.loc	0 34 10 is_stmt 1               # tests/trace/fixtures/counted.c:34:10
	movq	%r12, %rdi
	callq	__tsan_read8@PLT
.Ltmp36:
	.loc	0 33 47                         # tests/trace/fixtures/counted.c:33:47
	imulq	shared_pair+16(%rip), %rbp
	.loc	0 33 7 is_stmt 0                # tests/trace/fixtures/counted.c:33:7
	addq	%rbx, %rbp
	.loc	0 33 10                         # tests/trace/fixtures/counted.c:33:10
	movq	%r15, %rdi
	callq	__tsan_read8@PLT
.Ltmp37:
	movq	shared_pair+8(%rip), %r14
	.loc	0 34 10 is_stmt 1               # tests/trace/fixtures/counted.c:34:10
	movq	%r12, %rdi
	callq	__tsan_read8@PLT
.Ltmp38:
	.loc	0 33 47                         # tests/trace/fixtures/counted.c:33:47
	imulq	shared_pair+16(%rip), %r14
	.loc	0 33 7 is_stmt 0                # tests/trace/fixtures/counted.c:33:7
	addq	%rbp, %r14
	.loc	0 33 10                         # tests/trace/fixtures/counted.c:33:10
	movq	%r15, %rdi
	callq	__tsan_read8@PLT
.Ltmp39:
	movq	shared_pair+8(%rip), %rbx
	.loc	0 34 10 is_stmt 1               # tests/trace/fixtures/counted.c:34:10
	movq	%r12, %rdi
	callq	__tsan_read8@PLT
.Ltmp40:
	.loc	0 33 47                         # tests/trace/fixtures/counted.c:33:47
	imulq	shared_pair+16(%rip), %rbx
	.loc	0 33 7 is_stmt 0                # tests/trace/fixtures/counted.c:33:7
	addq	%r14, %rbx
	.loc	0 32 21 is_stmt 1               # tests/trace/fixtures/counted.c:32:21
	addq	$-5, %r13
	.loc	0 32 2 is_stmt 0                # tests/trace/fixtures/counted.c:32:2
	jne	.LBB2_1
# %bb.2:
	.loc	0 0 2                           # tests/trace/fixtures/counted.c:0:2
	movq	(%rsp), %rbp                    # 8-byte Reload
	.loc	0 35 15 is_stmt 1               # tests/trace/fixtures/counted.c:35:15
	movq	%rbp, %rdi
	callq	__tsan_write8@PLT
.Ltmp41:
	movq	%rbx, (%rbp)
	.loc	0 36 2                          # tests/trace/fixtures/counted.c:36:2
	callq	__tsan_func_exit@PLT
.Ltmp42:
	xorl	%eax, %eax
	addq	$8, %rsp
	.cfi_def_cfa_offset 56
	popq	%rbx
	.cfi_def_cfa_offset 48
	popq	%r12
	.cfi_def_cfa_offset 40
	popq	%r13
	.cfi_def_cfa_offset 32
	popq	%r14
	.cfi_def_cfa_offset 24
	popq	%r15
	.cfi_def_cfa_offset 16
	popq	%rbp
	.cfi_def_cfa_offset 8
	retq
.Ltmp43:
.Lfunc_end2:
	.size	reader, .Lfunc_end2-reader
	.cfi_endproc
                                        # -- End function
	.section	.text.tsan.module_ctor,"axR",@progbits
	.p2align	4, 0x90                         # -- Begin function tsan.module_ctor
	.type	tsan.module_ctor,@function
tsan.module_ctor:                       # @tsan.module_ctor
.Lfunc_begin3:
	.cfi_startproc
# %bb.0:
	pushq	%rax
	.cfi_def_cfa_offset 16
	callq	__tsan_init@PLT
	popq	%rax
	.cfi_def_cfa_offset 8
	retq
.Lfunc_end3:
	.size	tsan.module_ctor, .Lfunc_end3-tsan.module_ctor
	.cfi_endproc
                                        # -- End function
	.type	.L.str,@object                  # @.str
	.section	.rodata.str1.1,"aMS",@progbits,1
.L.str:
	.asciz	"%ld\n"
	.size	.L.str, 5

	.type	shared_pair,@object             # @shared_pair
	.data
	.p2align	3
shared_pair:
	.quad	0                               # 0x0
	.quad	3                               # 0x3
	.quad	4                               # 0x4
	.size	shared_pair, 24

	.section	.init_array.0,"aw",@init_array
	.p2align	3
	.quad	tsan.module_ctor
	.section	.debug_abbrev,"",@progbits
	.byte	1                               # Abbreviation Code
	.byte	17                              # DW_TAG_compile_unit
	.byte	0                               # DW_CHILDREN_no
	.byte	37                              # DW_AT_producer
	.byte	37                              # DW_FORM_strx1
	.byte	19                              # DW_AT_language
	.byte	5                               # DW_FORM_data2
	.byte	3                               # DW_AT_name
	.byte	37                              # DW_FORM_strx1
	.byte	114                             # DW_AT_str_offsets_base
	.byte	23                              # DW_FORM_sec_offset
	.byte	16                              # DW_AT_stmt_list
	.byte	23                              # DW_FORM_sec_offset
	.byte	27                              # DW_AT_comp_dir
	.byte	37                              # DW_FORM_strx1
	.byte	17                              # DW_AT_low_pc
	.byte	27                              # DW_FORM_addrx
	.byte	18                              # DW_AT_high_pc
	.byte	6                               # DW_FORM_data4
	.byte	115                             # DW_AT_addr_base
	.byte	23                              # DW_FORM_sec_offset
	.byte	0                               # EOM(1)
	.byte	0                               # EOM(2)
	.byte	0                               # EOM(3)
	.section	.debug_info,"",@progbits
.Lcu_begin0:
	.long	.Ldebug_info_end0-.Ldebug_info_start0 # Length of Unit
.Ldebug_info_start0:
	.short	5                               # DWARF version number
	.byte	1                               # DWARF Unit Type
	.byte	8                               # Address Size (in bytes)
	.long	.debug_abbrev                   # Offset Into Abbrev. Section
	.byte	1                               # Abbrev [1] 0xc:0x17 DW_TAG_compile_unit
	.byte	0                               # DW_AT_producer
	.short	12                              # DW_AT_language
	.byte	1                               # DW_AT_name
	.long	.Lstr_offsets_base0             # DW_AT_str_offsets_base
	.long	.Lline_table_start0             # DW_AT_stmt_list
	.byte	2                               # DW_AT_comp_dir
	.byte	0                               # DW_AT_low_pc
	.long	.Lfunc_end2-.Lfunc_begin0       # DW_AT_high_pc
	.long	.Laddr_table_base0              # DW_AT_addr_base
.Ldebug_info_end0:
	.section	.debug_str_offsets,"",@progbits
	.long	16                              # Length of String Offsets Set
	.short	5
	.short	0
.Lstr_offsets_base0:
	.section	.debug_str,"MS",@progbits,1
.Linfo_string0:
	.asciz	"Debian clang version 14.0.6"   # string offset=0
.Linfo_string1:
	.asciz	"tests/trace/fixtures/counted.c" # string offset=28
.Linfo_string2:
	.asciz	"/lineup"                       # string offset=59
	.section	.debug_str_offsets,"",@progbits
	.long	.Linfo_string0
	.long	.Linfo_string1
	.long	.Linfo_string2
	.section	.debug_addr,"",@progbits
	.long	.Ldebug_addr_end0-.Ldebug_addr_start0 # Length of contribution
.Ldebug_addr_start0:
	.short	5                               # DWARF version number
	.byte	8                               # Address size
	.byte	0                               # Segment selector size
.Laddr_table_base0:
	.quad	.Lfunc_begin0
.Ldebug_addr_end0:
	.ident	"Debian clang version 14.0.6"
	.section	".note.GNU-stack","",@progbits
	.addrsig
	.addrsig_sym writer
	.addrsig_sym reader
	.addrsig_sym __tsan_init
	.addrsig_sym tsan.module_ctor
	.addrsig_sym __tsan_func_entry
	.addrsig_sym __tsan_func_exit
	.addrsig_sym __tsan_read8
	.addrsig_sym __tsan_write8
	.addrsig_sym shared_pair
	.section	.debug_line,"",@progbits
.Lline_table_start0:
