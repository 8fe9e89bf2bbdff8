/** Long machine-written documents of the reading in test/local-humanizer-languages36.test.ts. */

export const ES_GUIDE = `## Introducción al teletrabajo

En el mundo actual, el teletrabajo se ha convertido en una opción habitual para muchas empresas. Además, los empleados valoran cada vez más la flexibilidad que ofrece. Sin embargo, trabajar desde casa también plantea retos importantes.

## Ventajas principales

Además, el teletrabajo reduce los tiempos de desplazamiento. Los trabajadores ahorran dinero en transporte y comida. Además, muchas personas afirman que se concentran mejor en un entorno tranquilo. Es importante destacar que la productividad no disminuye necesariamente.

- Menos desplazamientos diarios.
- Además, mayor autonomía en la organización del tiempo.
- Mejor conciliación familiar.

## Desafíos

Sin embargo, la comunicación entre los equipos puede resentirse. Además, algunas personas se sienten aisladas después de varias semanas. Por lo tanto, las empresas deben establecer rutinas de contacto. Sin embargo, no basta con programar reuniones: hace falta una cultura de confianza.

Además, la frontera entre la vida personal y la laboral se difumina. Por lo tanto, conviene fijar horarios claros. Es importante señalar que el derecho a la desconexión digital está reconocido en muchos países.

## Conclusión

En conclusión, el teletrabajo ofrece beneficios evidentes, pero exige una buena organización. Además, su éxito depende de la confianza mutua entre empresa y empleados. Por lo tanto, cada organización debe encontrar el modelo que mejor se adapte a sus necesidades.`;

export const FR_REPORT = `Le recyclage des déchets plastiques constitue un enjeu majeur pour nos sociétés. De plus, les volumes produits ne cessent d'augmenter. Cependant, seule une faible part de ces déchets est effectivement recyclée.

En outre, le tri à la source reste insuffisant dans de nombreuses communes. De plus, les consignes varient d'une ville à l'autre, ce qui crée de la confusion. Par conséquent, les habitants hésitent souvent sur la bonne poubelle. Il est important de noter que les erreurs de tri coûtent cher aux collectivités.

Cependant, des solutions existent. De plus, certaines villes ont simplifié leurs consignes avec succès. Par conséquent, leur taux de recyclage a nettement progressé. En outre, les entreprises commencent à réduire les emballages superflus.

De plus, l'innovation joue un rôle crucial dans ce domaine. Cependant, les technologies de recyclage chimique restent coûteuses. Par conséquent, les pouvoirs publics doivent soutenir la recherche.

En conclusion, le recyclage progresse, mais lentement. De plus, il ne remplacera jamais la réduction des déchets à la source. Par conséquent, chacun doit agir à son niveau.`;

export const RU_ESSAY = `Чтение книг по-прежнему играет важную роль в жизни человека. Кроме того, оно развивает воображение и словарный запас. Однако в последние годы люди читают всё меньше.

Кроме того, многие предпочитают короткие тексты в социальных сетях. Таким образом, способность концентрироваться на длинном тексте ослабевает. Кроме того, молодёжь реже посещает библиотеки. Однако электронные книги и аудиокниги отчасти меняют эту тенденцию.

Важно отметить, что чтение снижает уровень стресса. Кроме того, оно помогает лучше понимать других людей. Однако для этого нужно читать регулярно. Таким образом, полезно выделять хотя бы двадцать минут в день.

В заключение, чтение остаётся ценной привычкой. Кроме того, его польза подтверждается исследованиями. Однако каждый сам выбирает, что и как читать.`;

export const ZH_ESSAY = `城市交通拥堵已经成为许多大城市面临的共同难题。此外，私家车数量仍在持续增长。然而，道路建设的速度远远跟不上需求。

此外，公共交通的覆盖范围仍然有限。因此，很多居民不得不选择自驾出行。此外，停车难的问题也日益突出。然而，一些城市已经找到了有效的解决办法。

值得注意的是，发展轨道交通起着至关重要的作用。此外，共享单车解决了“最后一公里”的问题。因此，市民的出行方式正在发生变化。然而，管理不善也带来了新的问题。

总之，缓解交通拥堵需要多方面的努力。此外，市民的配合同样重要。因此，政府和社会应当共同行动。`;

export const AR_ESSAY = `يلعب التعليم دورًا حاسمًا في تقدم المجتمعات. بالإضافة إلى ذلك، فإنه يفتح أمام الأفراد فرصًا أفضل في الحياة. ومع ذلك، لا يحصل جميع الأطفال على تعليم جيد.

بالإضافة إلى ذلك، تعاني المدارس في المناطق الريفية من نقص المعلمين. لذلك يضطر بعض الطلاب إلى السفر مسافات طويلة. بالإضافة إلى ذلك، تفتقر كثير من المدارس إلى الوسائل الحديثة. ومع ذلك، هناك مبادرات ناجحة في عدة دول.

من المهم أن نلاحظ أن التعليم الرقمي قد يساعد في سد هذه الفجوة. بالإضافة إلى ذلك، يمكن للمنصات المجانية أن تصل إلى ملايين الطلاب. ومع ذلك، يبقى دور المعلم أساسيًا.

في الختام، الاستثمار في التعليم استثمار في المستقبل. بالإضافة إلى ذلك، فهو مسؤولية مشتركة. لذلك يجب أن يكون أولوية للجميع.`;

export const IT_GUIDE = `## Perché fare attività fisica

Nel mondo di oggi, molte persone trascorrono la maggior parte della giornata sedute. Inoltre, il lavoro d'ufficio riduce il movimento quotidiano. Tuttavia, bastano pochi minuti al giorno per ottenere benefici concreti.

## I benefici

Inoltre, l'attività fisica migliora la salute del cuore. Inoltre, aiuta a controllare il peso. È importante notare che anche una camminata veloce è sufficiente. Pertanto, non servono attrezzature costose.

- Migliore salute cardiovascolare.
- Inoltre, più energia durante il giorno.
- Umore più stabile.

## Gli ostacoli

Tuttavia, la mancanza di tempo è l'ostacolo più citato. Pertanto, conviene inserire il movimento nelle abitudini quotidiane. Inoltre, molte persone si scoraggiano dopo poche settimane. Tuttavia, i risultati arrivano con la costanza.

## Conclusione

In conclusione, muoversi ogni giorno è una scelta semplice ma efficace. Inoltre, i benefici si sentono già dopo un mese. Pertanto, vale la pena iniziare oggi stesso.`;
